import express from 'express';
import { mountsOf } from './http/area-module.js';
import { ApiError } from './platform/api-error.js';
import { bodyLimit, JSON_LIMIT_BYTES } from './http/body-limit.js';
import { jsonOnly } from './http/json-only.js';
import { createErrorHandler, notFoundHandler } from './http/error-handler.js';
import { simpleQuery } from './http/simple-query.js';
import type { Modules } from './modules.js';

export function createApp(built: Pick<Modules, 'modules' | 'platform'>): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // the Functions runtime's own Express announced itself before our app ran
  app.use((_req, res, next) => {
    res.removeHeader('X-Powered-By');
    next();
  });
  // Express answers HEAD with a GET route: a call with an effect (the spec names some GET) must never run on it
  app.use((req, res, next) => {
    if (req.method !== 'HEAD') return next();
    res.set('Allow', 'GET, POST');
    next(new ApiError(405, 'methodNotAllowed'));
  });
  // Never trust X-Forwarded-For for req.ip: behind Hosting its left part is client-controlled.
  app.set('trust proxy', false);
  // Query values are strings or string arrays only (no `a[b]=` objects from the extended parser).
  app.set('query parser', 'simple');
  // The Functions runtime parses req.query (extended) before our app, and Express keeps an existing
  // req.query: parse it again the simple way.
  app.use(simpleQuery);
  // No CORS middleware: the SPA calls same-origin through the Hosting rewrite.
  app.use(bodyLimit());
  app.use(jsonOnly);
  // strict (the default): only objects and arrays; `null`, `123`, `"x"` answer 400 badRequest
  app.use(express.json({ limit: JSON_LIMIT_BYTES, strict: true }));

  // Hosting keeps the /api prefix in the rewrite; direct function calls have none. Accept both.
  const { modules } = built;
  const api = express.Router();
  for (const { path, router } of modules.flatMap(mountsOf)) api.use(path, router);
  app.use('/api', api);
  app.use('/', api);
  app.use(notFoundHandler);
  app.use(createErrorHandler(built.platform.log));
  return app;
}
