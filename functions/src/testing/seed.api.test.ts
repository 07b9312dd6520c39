import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENQUIRY_TITLES } from '../../../emulators/seed/enquiries.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedIfEmpty } from '../../../emulators/seed/seed.js';
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
    expect(DEMO_LOGINS.map((l) => l.mail)).toEqual([
      'admin@schrankwerk.de',
      'mitarbeiter@schrankwerk.de',
      'kunde.admin@mueller-maschinenbau.de',
      'kunde@mueller-maschinenbau.de',
      'lieferant.admin@weber-schaltanlagen.de',
      'lieferant@weber-schaltanlagen.de',
      'neu@neu-automation.de',
    ]);
    const tokens = Object.fromEntries(
      await Promise.all(DEMO_LOGINS.map(async (l) => [l.mail, await signIn(l.mail, DEMO_PASSWORD)] as const)),
    );

    const users = await get('/user/all', { token: tokens['admin@schrankwerk.de'] });
    expect(users.status).toBe(200);
    expect(users.body).toHaveLength(7);
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
    expect(bom.bytes.toString('utf8')).toContain('3RV2011-1JA10');
    const pdf = await get('/file/', { token: supplier, query: { path: `enquiries/${id}/documents/Schaltplan.pdf` } });
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
