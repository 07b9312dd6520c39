import type { RequestHandler } from 'express';
import { ApiError } from '../platform/api-error.js';

/**
 * JSON routes read `application/json` only: a body of another type (form-urlencoded, text) answers 415
 * `unsupportedMediaType` instead of being read as an empty or string body (the Functions runtime parses
 * urlencoded bodies into objects before our app, so a form post would otherwise pass validation).
 * Multipart bodies go on to their route, whose `multipart()` checks them (http/multipart.ts); requests
 * without a body (GET, a POST with only a query) pass.
 */
export const jsonOnly: RequestHandler = (req, _res, next) => {
  // behind the Functions runtime the body has been read already (a proxy may have sent an empty one chunked)
  const raw = (req as { rawBody?: Buffer }).rawBody;
  const declared = Number(req.headers['content-length'] ?? 0);
  const hasBody = raw ? raw.length > 0 : req.headers['transfer-encoding'] !== undefined || declared > 0;
  if (!hasBody) return next();
  if (req.is(['application/json', 'multipart/form-data'])) return next();
  next(ApiError.unsupportedMediaType());
};
