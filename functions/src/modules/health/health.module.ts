import type { AreaModule } from '../../http/area-module.js';
import type { Platform } from '../../platform/platform.js';
import { HealthRepository } from './health.repository.js';
import { createHealthRouter } from './health.router.js';

/** GET /health (anyone): Firestore and Storage reachable. */
export function createHealthModule(p: Platform): AreaModule {
  const probeFile = () => p.bucket().file('_health/probe.txt');
  return { path: '/health', router: createHealthRouter(new HealthRepository(p.db, probeFile)) };
}
