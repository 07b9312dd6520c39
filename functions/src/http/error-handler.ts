import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ValidationError } from 'yup';
import type { ApiErrorBody, ApiErrorCode } from '../model/api-error.js';
import { messageKey } from '../model/validation.js';
import { ApiError, TooManyRequests } from '../platform/api-error.js';
import { clientAddress } from './client-address.js';
import { functionsLog, type Logger } from '../platform/logger.js';

/** English fallback texts; the web shows German texts from its catalogue (errors.<code>). */
const MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  badRequest: 'Bad request',
  validation: 'Validation failed',
  unauthenticated: 'Not signed in',
  tokenRevoked: 'Session revoked, please sign in again',
  userDisabled: 'Account disabled',
  companyInactive: 'Company is inactive',
  forbidden: 'Not allowed',
  passwordChangeNeeded: 'Please set a new password first',
  registrationPending: 'Registration awaits release',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  conflict: 'Conflict',
  preconditionFailed: 'Precondition failed',
  payloadTooLarge: 'Payload too large',
  exportTooLarge: 'Too many rows to export: narrow the filter',
  unsupportedMediaType: 'Unsupported media type',
  internal: 'Internal error',
};

export function body(code: string, details?: unknown, message?: string): ApiErrorBody {
  const out: ApiErrorBody = { code, message: MESSAGES[code as ApiErrorCode] ?? message ?? code };
  if (details !== undefined) out.details = details;
  return out;
}

/** yup errors → `[{path, key}]`, key being the i18n message key of the failed rule. */
export function validationDetails(error: ValidationError): Array<{ path: string; key: string }> {
  const inner = error.inner.length ? error.inner : [error];
  return inner.map((e) => ({ path: e.path ?? '', key: messageKey(e.message) }));
}

/** The one error handler: ApiError → its status; yup → 400 validation; anything else → 500, logged. */
export function createErrorHandler(log: Pick<Logger, 'error'> = functionsLog): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof ApiError) {
      if (err instanceof TooManyRequests) res.set('Retry-After', String(err.retryAfterSeconds));
      res.status(err.status).json(body(err.code, err.details, err.message));
      return;
    }
    if (err instanceof ValidationError) {
      res.status(400).json(body('validation', validationDetails(err)));
      return;
    }
    // body-parser errors carry a status and a type
    const status = typeof err?.status === 'number' ? err.status : undefined;
    if (err?.type === 'entity.too.large' || status === 413) {
      res.status(413).json(body('payloadTooLarge'));
      return;
    }
    if (err?.type === 'entity.parse.failed' || (status && status >= 400 && status < 500)) {
      res.status(400).json(body('badRequest'));
      return;
    }
    log.error('Unhandled error', {
      method: req.method,
      path: req.path,
      client: clientAddress(req),
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    });
    res.status(500).json(body('internal'));
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(body('notFound'));
};
