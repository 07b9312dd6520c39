import type { RequestHandler } from 'express';
import { parse as parseQuery } from 'node:querystring';

/**
 * req.query from the raw URL with the simple parser: values are strings or string arrays only, never objects
 * (`a[b]=1` is the key `a[b]`). Needed besides `app.set('query parser', 'simple')` because the Functions
 * runtime parses req.query (extended) before our app and Express keeps an existing req.query.
 * Express 5 declares req.query as a getter on the request prototype, so an own property is defined
 * (plain assignment would throw in strict mode).
 */
export const simpleQuery: RequestHandler = (req, _res, next) => {
  const at = req.url.indexOf('?');
  const query = at >= 0 ? { ...parseQuery(req.url.slice(at + 1)) } : {};
  Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
  next();
};
