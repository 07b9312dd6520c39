import { expect } from 'vitest';
import type { FieldValue } from '../../model/catalogue.js';
import { get } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';

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
];
