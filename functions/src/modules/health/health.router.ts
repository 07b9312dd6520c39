import { Router } from 'express';
import { handle } from '../../http/handler.js';
import { type HealthRepository } from './health.repository.js';

/** GET /health: proves browser -> Hosting -> function -> Firestore + Storage end to end, read-only. */
export function createHealthRouter(repo: Pick<HealthRepository, 'check'>): Router {
  const r = Router();
  r.get(
    '/',
    handle(async (_req, res) => res.json(await repo.check())),
  );
  return r;
}
