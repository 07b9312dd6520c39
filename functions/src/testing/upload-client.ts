import { HOSTS } from './env.js';

/** Stack tests: POST /file/ through Hosting as the SPA sends it (multipart: path, file, documentType?). */
export async function uploadFile(
  token: string | undefined,
  path: string,
  name: string,
  bytes: Uint8Array,
  documentType?: string,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('path', path);
  if (documentType) form.append('documentType', documentType);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(new URL('/api/file/', HOSTS.portal), {
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

/** A small valid PDF body of `size` bytes (magic bytes first). */
export function pdfBytes(size = 64): Buffer {
  const out = Buffer.alloc(size, 0x20);
  out.write('%PDF-1.7\n', 0, 'latin1');
  return out;
}
