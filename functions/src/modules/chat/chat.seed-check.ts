import { expect } from 'vitest';
import { get } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import { SECOND_SUPPLIER } from '../companies/companies.seed.js';
import { DEMO_ENQUIRY_TITLES } from '../enquiries/enquiries.seed.js';

export const CHAT_SEED_CHECKS: SeedCheck[] = [
  {
    name: 'holds chat: the demo customer with two suppliers on the released enquiry, unread on both sides',
    async run() {
      const customer = await signIn('kunde@mueller-maschinenbau.de', DEMO_PASSWORD);
      const weber = await signIn('lieferant@weber-schaltanlagen.de', DEMO_PASSWORD);
      const unread = await get('/conversation/message/unread', { token: customer });
      expect(unread.body.totalElements).toBe(2);
      expect(new Set(unread.body.content.map((m: { companyName: string }) => m.companyName))).toEqual(
        new Set(['Elektro Schaltanlagen Weber GmbH', SECOND_SUPPLIER.company.name]),
      );
      expect(unread.body.content.every((m: { title: string }) => m.title === DEMO_ENQUIRY_TITLES.released)).toBe(true);
      const own = await get('/conversation/message/unread', { token: weber, query: { size: '0' } });
      expect(own.body.totalElements).toBe(1);
    },
  },
];
