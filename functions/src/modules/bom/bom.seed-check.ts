import { expect } from 'vitest';
import { get } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import { DEMO_OFFER_NUMBERS } from '../offers/offers.seed.js';

export const BOM_SEED_CHECKS: SeedCheck[] = [
  {
    name: "holds a mapped BOM: Weber's draft offer on the released enquiry, its six lines matched",
    async run() {
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
    },
  },
  {
    name: 'holds an admin BOM import in the history, with its lines',
    async run() {
      const token = await signIn('admin@schrankwerk.de', DEMO_PASSWORD);
      const history = await get('/admin/bom/all/simple', { token });
      const result = (history.body.content as Array<{ id: string; bomFileName: string; lineCount: number }>).find(
        (r) => r.bomFileName === 'Stückliste SR-12.csv',
      );
      // five lines are demo articles, the CPU is not in the catalogue: something to match by hand
      expect(result).toMatchObject({ lineCount: 6, errorCount: 1 });
      expect((await get('/admin/bom/lines', { token, query: { id: result!.id } })).body.totalElements).toBe(6);
    },
  },
];
