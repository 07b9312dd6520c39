import { expect } from 'vitest';
import { get, post } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import seed, { DEMO_FOLDER } from './business-data.seed.js';

export const BUSINESS_DATA_SEED_CHECKS: SeedCheck[] = [
  {
    name: 'holds a shared project folder: files, the invited electrician, the password link',
    async run() {
      // its one demo login: the invited electrician (README "Demo logins")
      expect((seed.logins ?? []).map((l) => l.mail)).toEqual([DEMO_FOLDER.invitee]);
      const external = await signIn(DEMO_FOLDER.invitee, DEMO_PASSWORD);
      const shared = await get('/offer/businessdata/shared', { token: external });
      expect(shared.body).toEqual([expect.objectContaining({ offerNumber: DEMO_FOLDER.offerNumber, itemCount: 3 })]);
      const offerId = shared.body[0].offerId as string;
      const folder = await get('/offer/businessdata', { token: external, query: { offerId } });
      expect(folder.body.items.map((i: { filename: string }) => i.filename).sort()).toEqual(
        [...DEMO_FOLDER.files].sort(),
      );
      expect(folder.body.access).toMatchObject({ read: true, write: false, settings: false });
      const check = await post('/offer/businessdata/check', { body: { offerId, password: DEMO_FOLDER.password } });
      expect(check.status).toBe(200);
      expect(check.body.folder.items).toHaveLength(3);
    },
  },
];
