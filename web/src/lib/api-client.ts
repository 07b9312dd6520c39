import { UPLOAD_PROGRESS_CHUNK_BYTES } from '@model/files';
import { auth } from '@/config/firebase';
import { FATAL_AUTH_CODES, authActions } from '@/lib/auth';
import { ApiError, type ErrorCode } from '@/lib/api-error';
import { showError } from '@/lib/errors';
import { isDateTimeField } from '@/lib/date-fields';

export { ApiError, CLIENT_ERROR_CODES, type ErrorCode } from '@/lib/api-error';

/** API codes after which the session cannot continue (spec 8: disabled user, expired/revoked token). */
const FATAL_API_CODES: readonly ErrorCode[] = ['userDisabled', 'tokenRevoked'];

/** Base path of the REST API (Hosting rewrites /api/** to the function `api`). */
export const API_BASE = '/api';
/** Spec 9: the BOM mapping request may take up to 300000 ms; the default is no timeout. */
export const BOM_MAPPING_TIMEOUT_MS = 300_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body (or FormData, sent as is). */
  body?: unknown;
  /** Abort after this many milliseconds (default: no timeout). */
  timeoutMs?: number;
  /** Show the failure as a toast (lib/errors `showError`: the German errors.<code>) when the call fails. */
  toastOnError?: boolean;
  /** Send without the ID token (public endpoints: register, password reset mail). */
  anonymous?: boolean;
  /** Extra request headers (e.g. the project folder's `X-Folder-Token` on the anonymous calls). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * JSON.parse reviver: the ISO-8601 date-time strings of the fields declared as date-times (lib/date-fields: the
 * shared ones of `@model/dates` and the features' `dateFields`) become Date objects; every other string stays text (a title that
 * looks like a timestamp is a title).
 */
export function reviveDates(key: string, value: unknown): unknown {
  return typeof value === 'string' && isDateTimeField(key) && ISO_DATE.test(value) ? new Date(value) : value;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * Accept JSON plus the ID token of the signed-in user (a token that cannot be refreshed ends the session). A call
 * that needs a user is not sent once nobody is signed in: a query that starts while the session ends (the sign-out
 * of the consent dialog) would only earn a 401, which the browser logs as an error.
 */
async function baseHeaders(options: Pick<RequestOptions, 'anonymous'>): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.anonymous) return headers;
  const user = auth.currentUser;
  if (!user) throw new ApiError(401, 'unauthenticated', undefined, 'nobody is signed in');
  try {
    headers.Authorization = `Bearer ${await user.getIdToken()}`;
  } catch (error) {
    if (FATAL_AUTH_CODES.includes((error as { code?: string }).code ?? '')) await authActions.signOut();
    throw new ApiError(401, 'unauthenticated', undefined, (error as Error).message);
  }
  return headers;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = { ...(await baseHeaders(options)), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  const timer = options.timeoutMs ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
  options.signal?.addEventListener('abort', () => controller.abort());
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: controller.signal,
    });
    if (!response.ok) {
      const apiError = await toApiError(response);
      if (FATAL_API_CODES.includes(apiError.code) && !options.anonymous) await authActions.signOut();
      throw apiError;
    }
    return response;
  } catch (error) {
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(0, controller.signal.aborted ? 'timeout' : 'network', undefined, (error as Error)?.message);
    if (options.toastOnError) showError(apiError);
    throw apiError;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

type ErrorBody = { code?: unknown; message?: string; details?: unknown } | undefined;

/**
 * A code this bundle does not know yet (a newer API) is kept as sent, for the logs; errorText() then
 * falls back to errors.unknown. Every code of the model has its German text (translations.test.ts).
 */
function apiErrorFrom(status: number, body: ErrorBody): ApiError {
  if (!body || typeof body !== 'object')
    return new ApiError(status, status === 404 ? 'notFound' : status === 413 ? 'payloadTooLarge' : 'internal');
  const code = typeof body.code === 'string' ? (body.code as ErrorCode) : 'internal';
  return new ApiError(status, code, body.details, body.message);
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  const error = apiErrorFrom(response.status, body);
  // a throttle says how long to wait: details.retryAfterSeconds, else the Retry-After header (seconds)
  const header = Number(response.headers.get('Retry-After'));
  const details = error.details as { retryAfterSeconds?: unknown } | undefined;
  if (error.code === 'tooManyRequests' && details?.retryAfterSeconds === undefined && header > 0)
    return new ApiError(error.status, error.code, { ...details, retryAfterSeconds: header }, error.message);
  return error;
}

/** An answer body: JSON with ISO dates revived; empty is undefined. */
function parseJson(text: string): unknown {
  return text ? JSON.parse(text, reviveDates) : undefined;
}

/** Calls the API and returns the parsed JSON (ISO dates revived); throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<{ status: number; data: T }> {
  const response = await send(path, options);
  return { status: response.status, data: parseJson(await response.text()) as T };
}

export const api = {
  get: async <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    (await apiRequest<T>(path, { ...options, method: 'GET' })).data,
  post: async <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    (await apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} })).data,
};

/** The filename of a Content-Disposition header (RFC 5987 filename* first). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : fallback;
}

/** Fetches a file answer as a blob, with the server's filename (the PDF viewer shows it, downloadBlob saves it). */
export async function fetchBlob(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, { ...options, method: options.method ?? 'GET' });
  const blob = await response.blob();
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Downloads a file answer: fetches it as a blob and saves it under the server's filename. */
export async function downloadBlob(path: string, fallbackName: string, options: RequestOptions = {}): Promise<string> {
  const { blob, filename } = await fetchBlob(path, fallbackName, options);
  saveBlob(blob, filename);
  return filename;
}

/**
 * A call that answers either a file (saved under its Content-Disposition name), nothing (204: an empty result the
 * web ignores) or JSON (e.g. 202 with a background task): the article export.
 */
export async function downloadOrJson<T>(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<{ status: number; filename?: string; data?: T }> {
  const response = await send(path, options);
  if (response.status === 204) return { status: 204 };
  if (response.headers.get('Content-Type')?.includes('application/json'))
    return { status: response.status, data: parseJson(await response.text()) as T };
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), filename);
  return { status: response.status, filename };
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface UploadOptions {
  query?: RequestOptions['query'];
  /** Called with the bytes sent so far, in whole steps of `progressStep` (and once with the total). */
  onProgress?: (loaded: number, total: number) => void;
  /** Spec 9: progress chunk 64 KiB. */
  progressStep?: number;
  signal?: AbortSignal;
}

/**
 * POST multipart/form-data with upload progress (fetch cannot report it, XMLHttpRequest can), with the same
 * ID token and error handling as every other call: resolves the parsed JSON, throws ApiError.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const headers = await baseHeaders({});
  const step = options.progressStep ?? UPLOAD_PROGRESS_CHUNK_BYTES;
  const response = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    let reported = -1;
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !options.onProgress) return;
      const loaded = event.loaded >= event.total ? event.total : Math.floor(event.loaded / step) * step;
      if (loaded === reported) return;
      reported = loaded;
      options.onProgress(loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
  let body: unknown;
  try {
    body = parseJson(response.text);
  } catch {
    body = undefined;
  }
  if (response.status < 200 || response.status >= 300) {
    const apiError = apiErrorFrom(response.status, body as ErrorBody);
    if (FATAL_API_CODES.includes(apiError.code)) await authActions.signOut();
    throw apiError;
  }
  return body as T;
}
