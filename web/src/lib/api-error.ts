import type { ApiErrorCode } from '@model/api-error';

// Its own module (re-exported by api-client): the query client's retry rule needs the class at start, the api
// client (with i18next, toasts and the Firebase token) is loaded with the pages that call the API.

/** Codes the web itself produces: no answer (`network`), aborted (`timeout`), nothing better known (`unknown`). */
export const CLIENT_ERROR_CODES = ['network', 'timeout', 'aborted', 'unknown'] as const;
/**
 * Every code an ApiError can carry on the web: the platform's API codes, the client's own, and the areas' codes
 * (each area's model table, e.g. `ENQUIRY_ERRORS`; compared against those tables' keys).
 */
export type ErrorCode = ApiErrorCode | (typeof CLIENT_ERROR_CODES)[number] | (string & Record<never, never>);

/**
 * An error answer of the API: HTTP status plus the `code` of `@model/api-error` (i18n key errors.<code>).
 * Same argument order as the server's ApiError: (status, code, details, message).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly details?: unknown,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'ApiError';
  }
}
