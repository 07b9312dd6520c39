import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoLogins, seedIfEmpty } from '../seed/seed.js';
import { resetAll } from './emulator-reset.js';
import { disposeClients, signIn } from './fixtures.js';
import { SEED_CHECKS } from './seed-checks.js';

beforeAll(resetAll);
// leaves the demo data in place (later files reset what they need)
afterAll(disposeClients);

/**
 * The demo data (`npm start`): loaded once, every demo login the areas' seeds declare works, and what each area
 * states about its own demo data in `modules/<area>/<area>.seed-check.ts` holds (testing/seed-checks.ts finds
 * them), so a new area with a seed needs no line here.
 */
describe('seed', () => {
  it('loads the demo data once, and every demo login works as documented', async () => {
    expect(await seedIfEmpty()).toBe(true);
    expect(await seedIfEmpty()).toBe(false);
    const logins = await demoLogins();
    for (const login of logins) expect(await signIn(login.mail, DEMO_PASSWORD)).toEqual(expect.any(String));
  });

  for (const check of SEED_CHECKS) it(`${check.area}: ${check.name}`, check.run);
});
