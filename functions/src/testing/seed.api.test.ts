import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoLogins, seedIfEmpty } from '../seed/seed.js';
import { DEMO_OFFER_NUMBERS } from '../modules/offers/offers.seed.js';
import { get } from './api-client.js';
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

  // The BOM areas' demo data; these move to their area's seed check once the BOM areas are one (issue 31).
  it("holds a mapped BOM: Weber's draft offer on the released enquiry, its six lines matched", async () => {
    const weber = await signIn('lieferant@weber-schaltanlagen.de', DEMO_PASSWORD);
    const drafts = await get('/offer/filter', { token: weber, query: { paginationSize: '30' } });
    const draft = (drafts.body.content as Array<{ id: string; offerNumber: string; enquiryId: string }>).find(
      (o) => o.offerNumber === DEMO_OFFER_NUMBERS.draft,
    )!;
    const ref = { enquiryId: draft.enquiryId, offerId: draft.id };
    const summary = await get('/enquiry/bom/summary', { token: weber, query: ref });
    expect(summary.status).toBe(200);
    expect(summary.body.summary).toMatchObject({ lineCount: 6 });
    const lines = await get('/enquiry/bom/lines', { token: weber, query: ref });
    expect(lines.body.totalElements).toBe(6);
  });

  it('holds an admin BOM import in the history, with its lines', async () => {
    const token = await signIn('admin@schrankwerk.de', DEMO_PASSWORD);
    const history = await get('/admin/bom/all/simple', { token });
    const result = (history.body.content as Array<{ id: string; bomFileName: string; lineCount: number }>).find(
      (r) => r.bomFileName === 'Stückliste SR-12.csv',
    );
    // five lines are demo articles, the CPU is not in the catalogue: something to match by hand
    expect(result).toMatchObject({ lineCount: 6, errorCount: 1 });
    expect((await get('/admin/bom/lines', { token, query: { id: result!.id } })).body.totalElements).toBe(6);
  });
});
