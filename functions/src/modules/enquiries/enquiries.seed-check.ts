import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import { enquiryStatus } from '../../model/enquiry.js';
import { get } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { DEMO_CIRCUIT_DIAGRAM_SHEETS } from '../../testing/demo-documents.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import { DEMO_ENQUIRY_TITLES } from './enquiries.seed.js';

export const ENQUIRIES_SEED_CHECKS: SeedCheck[] = [
  {
    name: 'enquiries of the demo customer in every state; the supplier sees the released one on the market, its circuit diagram has three sheets',
    async run() {
      const customer = await signIn('kunde@mueller-maschinenbau.de', DEMO_PASSWORD);
      const list = await get('/enquiry/filter', { token: customer, query: { paginationSize: '30' } });
      expect(list.status).toBe(200);
      const byTitle = Object.fromEntries(list.body.content.map((e: { title: string }) => [e.title, e]));
      expect(
        Object.fromEntries(Object.entries(DEMO_ENQUIRY_TITLES).map(([, t]) => [t, enquiryStatus(byTitle[t])])),
      ).toEqual({
        [DEMO_ENQUIRY_TITLES.draft]: 'default',
        [DEMO_ENQUIRY_TITLES.released]: 'released',
        [DEMO_ENQUIRY_TITLES.closed]: 'closed',
        [DEMO_ENQUIRY_TITLES.archived]: 'archived',
      });
      const released = await get('/enquiry/', {
        token: customer,
        query: { id: byTitle[DEMO_ENQUIRY_TITLES.released].id },
      });
      expect(released.body).toMatchObject({
        bomFileName: 'Stückliste SR-12.csv',
        bomHeaderRowIndex: 3,
        headers: ['Pos', 'Menge', 'Hersteller', 'Bestellnummer', 'Bezeichnung', 'BMK'],
        bomRevision: 1,
        circuitDiagramRevision: 1,
        price: 42750.5,
      });
      const supplier = await signIn('lieferant@weber-schaltanlagen.de', DEMO_PASSWORD);
      const market = await get('/enquiry/filter', { token: supplier, query: {} });
      expect(market.body.content.map((e: { title: string }) => e.title)).toEqual([DEMO_ENQUIRY_TITLES.released]);
      const id = released.body.id as string;
      // the target price is one of the terms the supplier reads
      expect((await get('/enquiry/', { token: supplier, query: { id } })).body.price).toBe(42750.5);
      const bom = await get('/enquiry/bom', { token: supplier, query: { enquiryId: id } });
      expect(bom.status).toBe(200);
      expect(bom.bytes.toString('utf8')).toContain('3RV2011-04AA10');
      const pdf = await get('/file/', {
        token: supplier,
        query: { path: `enquiries/${id}/documents/Schaltplan.pdf` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // a circuit diagram of several sheets: the PDF viewer's page navigation has pages to turn (issue 32.4)
      expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(DEMO_CIRCUIT_DIAGRAM_SHEETS.length);
    },
  },
];
