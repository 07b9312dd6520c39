import { HOSTS } from './env.js';

/** Stack tests: POST of a multipart form through Hosting as the SPA sends it (fields, then the file part). */
export async function postForm(
  token: string | undefined,
  path: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const res = await fetch(new URL(`/api${path}`, HOSTS.portal), {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

/** POST /file/ (multipart: path, documentType?, file). */
export const uploadFile = (
  token: string | undefined,
  path: string,
  name: string,
  bytes: Uint8Array,
  documentType?: string,
) => postForm(token, '/file/', { path, ...(documentType ? { documentType } : {}) }, { name, bytes });

/** A small valid PDF body of `size` bytes (magic bytes first). */
export function pdfBytes(size = 64): Buffer {
  const out = Buffer.alloc(size, 0x20);
  out.write('%PDF-1.7\n', 0, 'latin1');
  return out;
}
