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

/**
 * What to tell the user about a failed call: the server's reason (`errorText(code)`) when it answered; when there
 * was no answer (network, timeout, aborted) or the failure is no ApiError, the caller's `fallback` text, else the
 * text of the client's code (e.g. 'Der Server ist nicht erreichbar.').
 */
export function errorMessage(error: unknown, fallback?: string): string {
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
