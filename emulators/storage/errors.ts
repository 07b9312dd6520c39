// GCS-shaped JSON errors: { error: { code, message, errors: [{ domain, reason, message }] } }.
// The client library surfaces `code` and `message` from this body as ApiError fields.
import type { ServerResponse } from 'node:http';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (bucket: string, name?: string) =>
  new ApiError(
    404,
    'notFound',
    name === undefined ? `The specified bucket does not exist.` : `No such object: ${bucket}/${name}`,
  );

export const preconditionFailed = () =>
  new ApiError(412, 'conditionNotMet', 'At least one of the pre-conditions you specified did not hold.');

export const badRequest = (message: string, reason = 'invalid') => new ApiError(400, reason, message);

export function sendError(res: ServerResponse, err: unknown): void {
  const e =
    err instanceof ApiError ? err : new ApiError(500, 'backendError', err instanceof Error ? err.message : String(err));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    error: { code: e.code, message: e.message, errors: [{ domain: 'global', reason: e.reason, message: e.message }] },
  });
  res.writeHead(e.code, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
