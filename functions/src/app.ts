import express from 'express';
import type { Container } from './container.js';
import { defaultContainer } from './container.default.js';
import { bodyLimit, JSON_LIMIT_BYTES } from './http/body-limit.js';
import type { AreaModule } from './http/area-module.js';
import { createErrorHandler, notFoundHandler } from './http/error-handler.js';
import { simpleQuery } from './http/simple-query.js';
import { companiesRouter } from './modules/companies/companies.router.js';
import { createFilesModule } from './modules/files/index.js';
import { bucket, db } from './firebase.js';
import { HealthRepository } from './modules/health/health.repository.js';
import { createHealthRouter } from './modules/health/health.router.js';
import { legalRouter } from './modules/legal/legal.router.js';
import { usersRouter } from './modules/users/users.router.js';

export function createApp(container: Container = defaultContainer()): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Never trust X-Forwarded-For for req.ip: behind Hosting its left part is client-controlled.
  app.set('trust proxy', false);
  // Query values are strings or string arrays only (no `a[b]=` objects from the extended parser).
  app.set('query parser', 'simple');
  // The Functions runtime parses req.query (extended) before our app, and Express keeps an existing
  // req.query: parse it again the simple way.
  app.use(simpleQuery);
  // No CORS middleware: the SPA calls same-origin through the Hosting rewrite.
  app.use(bodyLimit());
  app.use(express.json({ limit: JSON_LIMIT_BYTES }));

  // Hosting keeps the /api prefix in the rewrite; direct function calls have none. Accept both.
  const modules: AreaModule[] = [
    { path: '/health', router: createHealthRouter(new HealthRepository(db, () => bucket().file('_health/probe.txt'))) },
    { path: '/user', router: usersRouter(container) },
    { path: '/company', router: companiesRouter(container) },
    { path: '/legal', router: legalRouter(container) },
    createFilesModule({ authenticate: container.authenticate, companiesRepo: container.companiesRepo, bucket }),
  ];
  const api = express.Router();
  for (const m of modules) api.use(m.path, m.router);
  app.use('/api', api);
  app.use('/', api);
  app.use(notFoundHandler);
  app.use(createErrorHandler());
  return app;
}

