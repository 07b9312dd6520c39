import { expect } from 'vitest';
import { get } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import { SECOND_SUPPLIER } from '../companies/companies.seed.js';
import { DEMO_OFFER_NUMBERS, DEMO_ORDER_ENQUIRY_TITLES } from './offers.seed.js';

export const OFFERS_SEED_CHECKS: SeedCheck[] = [
  {
    name: 'holds offers in every state: two suppliers on the released enquiry, an order close to its lapse, jobs running, delivered and cancelled',
    async run() {
      const weber = await signIn('lieferant@weber-schaltanlagen.de', DEMO_PASSWORD);
      const nord = await signIn(SECOND_SUPPLIER.user.mail, DEMO_PASSWORD);
      const customer = await signIn('kunde@mueller-maschinenbau.de', DEMO_PASSWORD);
      const list = async (token: string, states?: string) =>
        (await get('/offer/filter', { token, query: { paginationSize: '30', states } })).body.content as Array<{
          id: string;
          offerNumber: string;
          state: string;
          released: boolean;
          version: number;
          enquiryId: string;
        }>;
      const numbers = (rows: Array<{ offerNumber: string; state: string; released: boolean; version: number }>) =>
        Object.fromEntries(rows.map((o) => [o.offerNumber, `${o.state}${o.released ? '' : ' draft'} v${o.version}`]));
      expect(numbers(await list(weber))).toEqual({
        [DEMO_OFFER_NUMBERS.open]: 'OPEN v1',
        [DEMO_OFFER_NUMBERS.declined]: 'DECLINED v1',
        [DEMO_OFFER_NUMBERS.draft]: 'OPEN draft v1',
        [DEMO_OFFER_NUMBERS.order]: 'ACCEPTED v1',
        [DEMO_OFFER_NUMBERS.job]: 'CONFIRMED v1',
        [DEMO_OFFER_NUMBERS.delivered]: 'DELIVERED v1',
        [DEMO_OFFER_NUMBERS.cancelled]: 'CANCELLED v1',
      });
      expect(numbers(await list(nord))).toEqual({ [DEMO_OFFER_NUMBERS.revised]: 'OPEN v2' });
      const customers = await list(customer);
      expect(customers.map((o) => o.offerNumber).sort()).toEqual(
        [
          DEMO_OFFER_NUMBERS.open,
          DEMO_OFFER_NUMBERS.declined,
          DEMO_OFFER_NUMBERS.revised,
          DEMO_OFFER_NUMBERS.order,
          DEMO_OFFER_NUMBERS.job,
          DEMO_OFFER_NUMBERS.delivered,
          DEMO_OFFER_NUMBERS.cancelled,
        ].sort(),
      );
      expect((await list(customer, 'ACCEPTED')).map((o) => o.offerNumber)).toEqual([DEMO_OFFER_NUMBERS.order]);
      expect((await list(customer, 'CONFIRMED')).map((o) => o.offerNumber)).toEqual([DEMO_OFFER_NUMBERS.job]);
      // the job view's default (running jobs) and its filter (ended ones)
      expect((await list(customer, 'CONFIRMED,DELIVERED')).map((o) => o.offerNumber).sort()).toEqual(
        [DEMO_OFFER_NUMBERS.job, DEMO_OFFER_NUMBERS.delivered].sort(),
      );
      expect((await list(customer, 'CANCELLED')).map((o) => o.offerNumber)).toEqual([DEMO_OFFER_NUMBERS.cancelled]);
      // the order was accepted 13 days ago: it lapses within a day unless confirmed
      const orderRow = customers.find((o) => o.offerNumber === DEMO_OFFER_NUMBERS.order)!;
      const order = (await get('/offer/', { token: customer, query: { id: orderRow.id } })).body;
      const left = Date.parse(order.lapseDate) - Date.now();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(24 * 60 * 60_000);
      const cancelled = customers.find((o) => o.offerNumber === DEMO_OFFER_NUMBERS.cancelled)!;
      expect((await get('/offer/', { token: customer, query: { id: cancelled.id } })).body.cancellationReason).toMatch(
        /Projekt vom Endkunden gestoppt/,
      );

      // the comparison view of the released enquiry: Weber's and Schaltbau Nord's released, current offers
      const open = customers.find((o) => o.offerNumber === DEMO_OFFER_NUMBERS.open)!;
      const compare = await get('/offer/compare', { token: customer, query: { enquiryId: open.enquiryId } });
      expect(compare.status).toBe(200);
      expect(compare.body.offers.map((o: { supplierName: string }) => o.supplierName).sort()).toEqual([
        'Elektro Schaltanlagen Weber GmbH',
        'Elektro Schaltanlagen Weber GmbH',
        SECOND_SUPPLIER.company.name,
      ]);

      // the documents each state relied on
      const files = async (offerNumber: string) => {
        const o = customers.find((r) => r.offerNumber === offerNumber)!;
        const res = await get('/file/names', { token: customer, query: { path: `offers/${o.id}/documents/` } });
        return res.body.map((f: { fileType: string }) => f.fileType).sort();
      };
      expect(await files(DEMO_OFFER_NUMBERS.open)).toEqual(['OFFER']);
      expect(await files(DEMO_OFFER_NUMBERS.revised)).toEqual(['OFFER']);
      expect(await files(DEMO_OFFER_NUMBERS.order)).toEqual(['OFFER', 'ORDER']);
      expect(await files(DEMO_OFFER_NUMBERS.job)).toEqual(['OFFER', 'ORDER', 'ORDER_CONFIRMATION']);
      expect(await files(DEMO_OFFER_NUMBERS.delivered)).toEqual(['OFFER', 'ORDER', 'ORDER_CONFIRMATION']);

      // accepting closed the order's and the job's enquiries
      const enquiries = await get('/enquiry/filter', { token: customer, query: { paginationSize: '30' } });
      const byTitle = Object.fromEntries(enquiries.body.content.map((e: { title: string }) => [e.title, e]));
      for (const title of Object.values(DEMO_ORDER_ENQUIRY_TITLES))
        expect(byTitle[title]).toMatchObject({ closed: true });
    },
  },
];
