/**
 * Where a signed-out visitor continues after the sign-in: a mail link to a signed-in page (`/offer/{id}`) leads to
 * `/login?next=/offer/{id}`, and the signed-in table's /login entry goes on to that address. Only a relative path
 * of this portal is followed - never another origin (`//evil.example`, `https://…`, `/\evil`), never /login itself.
 */
export const RETURN_TO_PARAM = 'next';

/** Any origin: the address is resolved against it and must stay on it. */
const BASE = 'https://portal.invalid';

/** The address to continue at (path, query and hash), or undefined when `value` is not a safe in-portal path. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  // backslashes count as slashes in browsers' URL parsing (`/\evil.example`); control characters have no business here
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
