import { expect } from 'vitest';
import type { Article, FieldValue } from '../../model/catalogue.js';
import type { HistoryEntry } from '../../model/change-history.js';
import { get } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import { DEMO_ARTICLE } from './catalogue.seed.js';

export const CATALOGUE_SEED_CHECKS: SeedCheck[] = [
  {
    name: 'demo field values have variants the selects find them by: "PXC" and "Phoenix" → Phoenix Contact, "Stk" → Stück',
    async run() {
      const token = await signIn('admin@schrankwerk.de', DEMO_PASSWORD);
      const found = async (path: string, search: string) =>
        ((await get(`${path}/filter`, { token, query: { search } })).body.content as FieldValue[]).map(
          (f) => f.displayName,
        );
      expect(await found('/manufacturer', 'PXC')).toEqual(['Phoenix Contact']);
      expect(await found('/manufacturer', 'Phoenix')).toEqual(['Phoenix Contact']);
      expect(await found('/manufacturer', 'weidmueller')).toEqual(['Weidmüller']);
      expect(await found('/unit', 'Stk')).toEqual(['Stück']);
      expect(await found('/manufacturer', 'Stk')).toEqual([]);
    },
  },
  {
    name: 'the demo article 3211757 has a change history: created, its list price raised, a second alternative',
    async run() {
      const token = await signIn('admin@schrankwerk.de', DEMO_PASSWORD);
      const page = await get('/article/filter', { token, query: { orderNumber: DEMO_ARTICLE.orderNumber } });
      const article = (page.body.content as Article[]).find((a) => a.orderNumber === DEMO_ARTICLE.orderNumber)!;
      const history = await get('/article/history', { token, query: { id: article.id } });
      const entries = history.body.content as HistoryEntry[];
      expect(entries.map((e) => e.kind)).toEqual(['update', 'update', 'create']);
      expect(entries[0]!.changes).toEqual([
        {
          field: 'possibleOrderNumbers',
          from: DEMO_ARTICLE.alternative,
          to: `${DEMO_ARTICLE.alternative}, ${DEMO_ARTICLE.secondAlternative}`,
        },
      ]);
      expect(entries[1]!.changes.map((c) => c.field)).toEqual(['listPrice']);
    },
  },
];
