import type { RequestHandler } from 'express';
import { ApiError } from '../platform/api-error.js';

export const JSON_LIMIT_BYTES = 1024 * 1024;

/**
 * The Functions runtime parses JSON before Express sees it (req.rawBody), so express.json's own
 * limit does not apply there: check the declared and the raw size ourselves. Multipart requests are left
 * to their route's `multipart()` limits (http/multipart.ts); routes without it never read them.
 */
export function bodyLimit(maxBytes = JSON_LIMIT_BYTES): RequestHandler {
  return (req, _res, next) => {
    if (req.is('multipart/form-data')) return next();
    const declared = Number(req.headers['content-length'] ?? 0);
    const raw = (req as { rawBody?: Buffer }).rawBody?.length ?? 0;
    if (declared > maxBytes || raw > maxBytes) return next(ApiError.payloadTooLarge());
    next();
  };
}
