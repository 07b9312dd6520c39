// CORS the way GCS answers browsers: a bucket's CORS configuration (`bucket.setCorsConfiguration`, the JSON API's
// `cors` list) decides for every route of that bucket, and a resumable-upload session URI also answers the origin
// its initiating request named (`Origin` header of the POST, firebase-admin's `createResumableUpload({origin})`),
// so a server can start a session and hand its URI to a browser on that origin.
//
// A preflight (OPTIONS with Access-Control-Request-Method) that a rule grants gets 200 with Allow-Origin (the
// request's origin, echoed), Allow-Methods (the requested method), Allow-Headers (the requested headers) and
// Max-Age; one no rule grants gets 200 without any Access-Control header, which the browser refuses. As in GCS, a
// bucket rule's `responseHeader` list is both the request headers a preflight may ask for and the response headers
// exposed to scripts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsRule } from './objects.js';

/** What the session URI exposes to the page: the 308's `Range` above all (the resume offset), and the ids. */
const SESSION_EXPOSED_HEADERS = ['Range', 'Location', 'X-GUploader-UploadID', 'X-Goog-Hash', 'X-Goog-Generation'];
/** Methods a session URI takes from its origin: chunk PUTs (POST works the same), DELETE cancels. */
const SESSION_METHODS = ['PUT', 'POST', 'DELETE'];
const SESSION_MAX_AGE_SECONDS = 3600;

/** Request headers a preflight never has to be granted (the CORS-safelisted ones). */
const SAFELISTED_REQUEST_HEADERS = new Set(['accept', 'accept-language', 'content-language', 'content-type']);

interface CorsGrant {
  methods: string[];
  /** request headers a preflight may name; `'*'` = any */
  requestHeaders: string[] | '*';
  exposeHeaders: string[];
  maxAgeSeconds?: number;
}

/** The grant for `origin` and `method`: the session's own origin first, then the first matching bucket rule. */
function grantFor(
  origin: string,
  method: string,
  rules: readonly CorsRule[] | undefined,
  sessionOrigin: string | undefined,
): CorsGrant | undefined {
  const m = method.toUpperCase();
  if (sessionOrigin !== undefined && sameOrigin(sessionOrigin, origin) && SESSION_METHODS.includes(m)) {
    return {
      methods: SESSION_METHODS,
      requestHeaders: '*',
      exposeHeaders: SESSION_EXPOSED_HEADERS,
      maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    };
  }
  for (const rule of rules ?? []) {
    const origins = rule.origin ?? [];
    if (!origins.some((o) => o === '*' || sameOrigin(o, origin))) continue;
    const methods = (rule.method ?? []).map((x) => x.toUpperCase());
    if (!methods.includes('*') && !methods.includes(m)) continue;
    const headers = rule.responseHeader ?? [];
    return {
      methods,
      requestHeaders: headers.includes('*') ? '*' : headers,
      exposeHeaders: headers.filter((h) => h !== '*'),
      maxAgeSeconds: rule.maxAgeSeconds,
    };
  }
  return undefined;
}

/** Origins compare by scheme, host and port; a trailing slash in a configured origin is tolerated. */
function sameOrigin(configured: string, requested: string): boolean {
  return configured.replace(/\/+$/, '').toLowerCase() === requested.toLowerCase();
}

export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string';
}

/** Answers a preflight: granted → the Access-Control headers; refused → 200 without them. */
export function answerPreflight(
  req: IncomingMessage,
  res: ServerResponse,
  rules: readonly CorsRule[] | undefined,
  sessionOrigin: string | undefined,
): void {
  req.resume();
  const origin = req.headers.origin;
  const method = String(req.headers['access-control-request-method']);
  const asked = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const grant = typeof origin === 'string' ? grantFor(origin, method, rules, sessionOrigin) : undefined;
  const allowed = (h: string) =>
    grant?.requestHeaders === '*' ||
    SAFELISTED_REQUEST_HEADERS.has(h.toLowerCase()) ||
    (grant?.requestHeaders ?? []).some((x) => x.toLowerCase() === h.toLowerCase());
  const headers: Record<string, string> = { 'Content-Length': '0', Vary: 'Origin' };
  if (grant && typeof origin === 'string' && asked.every(allowed)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Methods'] = method.toUpperCase();
    if (asked.length) headers['Access-Control-Allow-Headers'] = asked.join(', ');
    if (grant.maxAgeSeconds !== undefined) headers['Access-Control-Max-Age'] = String(grant.maxAgeSeconds);
  }
  res.writeHead(200, headers);
  res.end();
}

/** An actual cross-origin request a rule grants: Allow-Origin and Expose-Headers on whatever the handler answers. */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  rules: readonly CorsRule[] | undefined,
  sessionOrigin: string | undefined,
): void {
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return;
  res.setHeader('Vary', 'Origin');
  const grant = grantFor(origin, req.method ?? 'GET', rules, sessionOrigin);
  if (!grant) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  if (grant.exposeHeaders.length) res.setHeader('Access-Control-Expose-Headers', grant.exposeHeaders.join(', '));
}

/** The bucket a request path addresses, for its CORS configuration (every URL form the router serves). */
export function bucketOfPath(path: string): string | undefined {
  const m =
    /^\/(?:upload\/|download\/)?storage\/v1\/b\/([^/]+)/.exec(path) ??
    /^\/(?:b|v0\/b)\/([^/]+)/.exec(path) ??
    /^\/(?!b\/|storage\/|upload\/|download\/|v0\/)([^/]+)\/./.exec(path);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}
