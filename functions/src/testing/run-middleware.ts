import type { Request, RequestHandler, Response } from 'express';

/**
 * Calls a middleware as Express 5 does: the value handed to `next`, or the error its promise rejected with
 * (Express forwards that to the error handler), resolves; `undefined` means it passed the request on.
 */
export function runMiddleware(mw: RequestHandler, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve) => {
    Promise.resolve(mw(req, res, resolve)).catch(resolve);
  });
}
