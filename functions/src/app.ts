import express from 'express';
import { healthRouter } from './modules/health/health.router.js';

export function createApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Hosting keeps the /api prefix in the rewrite; direct function calls have none. Accept both.
  const api = express.Router();
  api.use('/health', healthRouter);
  app.use('/api', api);
  app.use('/', api);
  return app;
}
