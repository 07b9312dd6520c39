import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoLogins, seedIfEmpty } from '../seed/seed.js';
import { SECOND_SUPPLIER } from '../modules/companies/companies.seed.js';
import { DEMO_ENQUIRY_TITLES } from '../modules/enquiries/enquiries.seed.js';
import { DEMO_OFFER_NUMBERS, DEMO_ORDER_ENQUIRY_TITLES } from '../modules/offers/offers.seed.js';
import { DEMO_FOLDER } from '../modules/business-data/business-data.seed.js';
import { DEMO_EXCHANGE_CONFIGS, DEMO_IMPORT_CONFIG } from '../modules/import-configs/import-configs.seed.js';
import { postForm } from './upload-client.js';
import { post } from './api-client.js';
import { enquiryStatus } from '../model/enquiry.js';
import { get } from './api-client.js';
import { resetAll } from './emulator-reset.js';
import { admin, disposeClients, signIn } from './fixtures.js';

beforeAll(resetAll);
// leaves the demo data in place (later files reset what they need)
afterAll(disposeClients);

describe('seed', () => {
  it('loads the demo data once, and every demo login works as documented', async () => {
    expect(await seedIfEmpty()).toBe(true);
    expect(await seedIfEmpty()).toBe(false);
    const DEMO_LOGINS = await demoLogins();
    expect(DEMO_LOGINS.map((l) => l.mail)).toEqual([
      'admin@schrankwerk.de',
      'mitarbeiter@schrankwerk.de',
      'kunde.admin@mueller-maschinenbau.de',
      'kunde@mueller-maschinenbau.de',
      'lieferant.admin@weber-schaltanlagen.de',
      'lieferant@weber-schaltanlagen.de',
      'neu@neu-automation.de',
      DEMO_FOLDER.invitee,
    ]);
    const tokens = Object.fromEntries(
      await Promise.all(DEMO_LOGINS.map(async (l) => [l.mail, await signIn(l.mail, DEMO_PASSWORD)] as const)),
    );

    const users = await get('/user/all', { token: tokens['admin@schrankwerk.de'] });
    expect(users.status).toBe(200);
    // the 8 demo logins and the second supplier's user (modules/companies/companies.seed.ts SECOND_SUPPLIER)
    expect(users.body).toHaveLength(9);
    const companies = await get('/company/all', { token: tokens['mitarbeiter@schrankwerk.de'] });
    const byName = Object.fromEntries(companies.body.map((c: { name: string }) => [c.name, c]));
    expect(byName['Schrankwerk GmbH']).toMatchObject({ type: 'ADMIN', active: true, pendingRegistration: false });
    expect(byName['Müller Maschinenbau GmbH']).toMatchObject({
      type: 'CUSTOMER',
      customerNumber: 'K-10001',
      pendingRegistration: false,
    });
    expect(byName['Elektro Schaltanlagen Weber GmbH']).toMatchObject({ type: 'SUPPLIER', pendingRegistration: false });
    expect(byName['Neu Automation GmbH']).toMatchObject({ type: 'CUSTOMER', active: true, pendingRegistration: true });

    expect((await get('/user/all', { token: tokens['kunde.admin@mueller-maschinenbau.de'] })).body).toHaveLength(2);
    expect((await get('/user/all', { token: tokens['kunde@mueller-maschinenbau.de'] })).status).toBe(403);
    expect((await get('/user/all', { token: tokens['lieferant.admin@weber-schaltanlagen.de'] })).body).toHaveLength(2);
    expect((await get('/user/all', { token: tokens['neu@neu-automation.de'] })).body.code).toBe('registrationPending');
    const stored = await admin().db.collection('users').where('mail', '==', 'admin@schrankwerk.de').get();
    expect(stored.docs[0]!.data()).toMatchObject({ admin: true, passwordChangeNeeded: false, loginCounter: 1 });

    // enquiries of the demo customer in every state; the supplier sees the released one on the market
    const customer = tokens['kunde@mueller-maschinenbau.de'];
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
    });
    const supplier = tokens['lieferant@weber-schaltanlagen.de'];
    const market = await get('/enquiry/filter', { token: supplier, query: {} });
    expect(market.body.content.map((e: { title: string }) => e.title)).toEqual([DEMO_ENQUIRY_TITLES.released]);
    const id = released.body.id as string;
    const bom = await get('/enquiry/bom', { token: supplier, query: { enquiryId: id } });
    expect(bom.status).toBe(200);
    expect(bom.bytes.toString('utf8')).toContain('3RV2011-04AA10');
    const pdf = await get('/file/', { token: supplier, query: { path: `enquiries/${id}/documents/Schaltplan.pdf` } });
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('holds offers in every state: two suppliers on the released enquiry, an order and a job', async () => {
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
      ].sort(),
    );
    expect((await list(customer, 'ACCEPTED')).map((o) => o.offerNumber)).toEqual([DEMO_OFFER_NUMBERS.order]);
    expect((await list(customer, 'CONFIRMED')).map((o) => o.offerNumber)).toEqual([DEMO_OFFER_NUMBERS.job]);

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

    // accepting closed the order's and the job's enquiries
    const enquiries = await get('/enquiry/filter', { token: customer, query: { paginationSize: '30' } });
    const byTitle = Object.fromEntries(enquiries.body.content.map((e: { title: string }) => [e.title, e]));
    for (const title of Object.values(DEMO_ORDER_ENQUIRY_TITLES))
      expect(byTitle[title]).toMatchObject({ closed: true });
  });

  it('holds a shared project folder: files, the invited electrician, the password link', async () => {
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
  });

  it('holds chat: the demo customer with two suppliers on the released enquiry, unread on both sides', async () => {
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
  });

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

  it('holds the demo import configuration with its stored sample (headers re-read from it)', async () => {
    const token = await signIn('admin@schrankwerk.de', DEMO_PASSWORD);
    const all = await get('/import/config/all', { token });
    const config = all.body.find((c: { title: string }) => c.title === DEMO_IMPORT_CONFIG.title);
    expect(config).toMatchObject({ filename: DEMO_IMPORT_CONFIG.filename, headerRowIndex: 2 });
    expect(config.headers[0]).toBe('Artikelnummer');
    const reread = await postForm(token, '/import/config/headers', { headerRowIndex: '2', configId: config.id });
    expect(reread.body.headers).toEqual(config.headers);
    // the exchange formats' demo configurations: no sample, their references resolved from the seed
    const datanorm = all.body.find((c: { title: string }) => c.title === DEMO_EXCHANGE_CONFIGS.DATANORM);
    expect(datanorm).toMatchObject({ sourceFormat: 'DATANORM', filename: '', fieldMapping: [] });
    expect(datanorm.manufacturerId).toEqual(expect.any(String));
    expect(datanorm.wholesalerId).toEqual(expect.any(String));
    const bmecat = all.body.find((c: { title: string }) => c.title === DEMO_EXCHANGE_CONFIGS.BMECAT);
    expect(bmecat).toMatchObject({ sourceFormat: 'BMECAT', filename: '', fieldMapping: [] });
    expect(bmecat.manufacturerId).toBeUndefined();
  });
});
