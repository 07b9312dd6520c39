import i18next from 'i18next';
import { ApiError, type ErrorCode } from './api-error';
import { notify } from './notify';

const COMMON = 'common';

/**
 * German text for an error code: `errors.<code>` of the common namespace first, then of the areas' namespaces (an
 * area keeps its own codes' texts, e.g. `offers:errors.missingOfferFile`), else the generic unknown-error text.
 */
export function errorText(code: ErrorCode): string {
  const configured = i18next.options.ns;
  const namespaces = (Array.isArray(configured) ? configured : configured ? [configured] : []).filter(
    (ns) => ns !== COMMON,
  );
  return i18next.t([
    `${COMMON}:errors.${code}`,
    ...namespaces.map((ns) => `${ns}:errors.${code}`),
    `${COMMON}:errors.unknown`,
  ]);
}

/** How long a throttled caller waits (429 `tooManyRequests`: `details.retryAfterSeconds`), if the answer says. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'tooManyRequests') return undefined;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** 'Zu viele Anfragen … Bitte versuchen Sie es in 12 Minuten erneut.' (seconds below a minute, else whole minutes). */
function waitText(seconds: number): string {
  return seconds < 60
    ? i18next.t(`${COMMON}:tooManyRequestsWait.seconds`, { count: seconds })
    : i18next.t(`${COMMON}:tooManyRequestsWait.minutes`, { count: Math.ceil(seconds / 60) });
}

/**
 * What to tell the user about a failed call: the server's reason (`errorText(code)`, a throttle with how long to
 * wait) when it answered; when there was no answer (network, timeout, aborted) or the failure is no ApiError, the
 * caller's `fallback` text, else the text of the client's code (e.g. 'Der Server ist nicht erreichbar.').
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const wait = retryAfterSeconds(error);
  if (wait !== undefined) return waitText(wait);
  if (error instanceof ApiError && error.status > 0) return errorText(error.code);
  return fallback ?? errorText(error instanceof ApiError ? error.code : 'unknown');
}

/**
 * THE way to show a failed call on the web: an error toast with `errorMessage(error, fallback)`. The api client's
 * `toastOnError` and every page's catch use it.
 */
export function showError(error: unknown, fallback?: string): void {
  notify.error(errorMessage(error, fallback));
}
