import type { ApiErrorCode } from '../model/api-error.js';

/** An error the API answers with: HTTP status + `{code, message}` (code is an i18n key on the web). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
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
