import { Router } from 'express';
import { type HealthRepository } from './health.repository.js';

/** GET /health: proves browser -> Hosting -> function -> Firestore + Storage end to end, read-only. */
export function createHealthRouter(repo: Pick<HealthRepository, 'check'>): Router {
  const r = Router();
  r.get('/', async (_req, res) => res.json(await repo.check()));
  return r;
}
