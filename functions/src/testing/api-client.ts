import { HOSTS } from './env.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  bytes: Buffer;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
}

/** Calls the API through the Hosting emulator (http://127.0.0.1:5000/api/...), like the SPA does. */
export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(`/api${path}`, HOSTS.portal);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const parsed =
    type.includes('application/json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : bytes.toString('utf8');
  return { status: res.status, body: parsed as T, headers: res.headers, bytes };
}

export const get = <T = any>(path: string, opts?: CallOptions) => call<T>('GET', path, opts);
export const post = <T = any>(path: string, opts?: CallOptions) => call<T>('POST', path, opts);
