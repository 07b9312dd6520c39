import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createModules } from '../modules.js';
import { normaliseCall, registeredRoutes } from './access-matrix.js';
import { ACCESS_ROWS } from './access-rows.js';
import { TEST_CONFIG } from './config.js';

/** A route without a row in the access matrix fails here: compared with what Express actually registered. */
describe('access matrix completeness', () => {
  const fbApp =
    getApps().find((a) => a.name === 'unit-matrix') ?? initializeApp({ projectId: 'demo-unit' }, 'unit-matrix');
  const built = createModules({ db: getFirestore(fbApp), auth: getAuth(fbApp), config: TEST_CONFIG });
  const routes = registeredRoutes(createApp(built), built.modules);

  it('finds the routes of every module', () => {
    expect(routes).toContain('GET /user/filter');
    expect(routes).toContain('POST /company');
    expect(routes).toContain('GET /health');
    expect(routes.some((r) => r.includes('outside the module list'))).toBe(false);
  });

  it('every registered route has a row, and every row names a registered route', () => {
    const rows = new Set(ACCESS_ROWS.map((r) => normaliseCall(r.call)));
    expect(
      routes.filter((r) => !rows.has(r)),
      'routes without an access-matrix row',
    ).toEqual([]);
    expect(
      [...rows].filter((r) => !routes.includes(r)),
      'rows without a route',
    ).toEqual([]);
  });
});
