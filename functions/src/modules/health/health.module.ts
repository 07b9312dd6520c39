import { defineArea } from '../../http/area-module.js';
import { HealthRepository } from './health.repository.js';
import { createHealthRouter } from './health.router.js';

/** GET /health (anyone): Firestore and Storage reachable. */
export const healthArea = defineArea({
  name: 'health',
  create(p) {
    const probeFile = () => p.bucket().file('_health/probe.txt');
    return { path: '/health', router: createHealthRouter(new HealthRepository(p.db, probeFile)) };
  },
});
