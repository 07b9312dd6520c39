import type { ApiErrorCode, ErrorTable } from '../model/api-error.js';

/** An error the API answers with: HTTP status + `{code, message}` (code is an i18n key on the web). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** a platform code (model/api-error.ts) or one of an area's error table */
    readonly code: string,
    readonly details?: unknown,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'ApiError';
  }

  static badRequest(code: ApiErrorCode = 'badRequest', details?: unknown) {
    return new ApiError(400, code, details);
  }
  static unauthenticated(code: ApiErrorCode = 'unauthenticated') {
    return new ApiError(401, code);
  }
  static forbidden(code: ApiErrorCode = 'forbidden') {
    return new ApiError(403, code);
  }
  static notFound(code: ApiErrorCode = 'notFound') {
    return new ApiError(404, code);
  }
  static conflict(code: ApiErrorCode = 'conflict') {
    return new ApiError(409, code);
  }
  static preconditionFailed(code: ApiErrorCode = 'preconditionFailed') {
    return new ApiError(412, code);
  }
  static payloadTooLarge() {
    return new ApiError(413, 'payloadTooLarge');
  }
  static unsupportedMediaType() {
    return new ApiError(415, 'unsupportedMediaType');
  }
  static failedDependency() {
    return new ApiError(424, 'failedDependency');
  }
}

/**
 * The factories of an area's error table (model/<area>.ts `<AREA>_ERRORS`): `errorsOf(OFFER_ERRORS).enquiryClosed()`
 * answers 409 enquiryClosed. The status lives with the code, once.
 */
export function errorsOf<T extends ErrorTable>(
  table: T,
): { readonly [K in keyof T & string]: (details?: unknown) => ApiError } {
  return Object.fromEntries(
    Object.entries(table).map(([code, entry]) => {
      const { status, message } = typeof entry === 'number' ? { status: entry, message: undefined } : entry;
      return [code, (details?: unknown) => new ApiError(status, code, details, message)];
    }),
  ) as { readonly [K in keyof T & string]: (details?: unknown) => ApiError };
}

/** 429 `tooManyRequests`; the error handler sends `Retry-After` (whole seconds) with it. */
export class TooManyRequests extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    super(429, 'tooManyRequests', { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}
