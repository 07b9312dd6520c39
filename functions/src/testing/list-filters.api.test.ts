import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PORT } from '../modules/users/users.port.js';
import type { StoredBomLine } from '../model/bom-job.js';
import type { Company } from '../model/company.js';
import type { Enquiry } from '../model/enquiry.js';
import { createArticle, createManufacturer, uniq } from '../modules/catalogue/catalogue-fixtures.js';
import { storeEnquiry, uploadBom, uploadCircuitDiagram } from '../modules/enquiries/enquiries-fixtures.js';
import { importBom } from '../modules/bom/admin-bom-fixtures.js';
import { storeOffer } from '../modules/offers/offers-fixtures.js';
import { get, post } from './api-client.js';
import { resetAll } from './emulator-reset.js';
import { HOSTS } from './env.js';
import { admin, createCompany, createWorld, disposeClients, type CallerKind, type World } from './fixtures.js';

/**
 * Filters that filter (issue 32): every filter a list of the web shows to a role — the ListPage filter dialog, the
 * search box, the article list's manufacturer choice, the BOM article table's switches — changes the server's answer
 * for that role. One row per list, caller and filter: the filter's value narrows the fixture data below, so the
 * answer must hold exactly the expected rows (fewer than without the filter), each matching the filter.
 * Findings and decisions: docs/decisions-api.md "List filters".
 */
interface FilterCase {
  /** the web's list (the page that shows the filter) */
  list: string;
  route: string;
  caller: Exclude<CallerKind, 'anonymous'>;
  /** the list's own query that is no filter (the BOM's enquiry, the import result) */
  base?: () => Record<string, string>;
  /** the filter's query parameter and the value that narrows the fixture data */
  param: string;
  value: () => string;
  /** totals without and with the filter */
  all: number;
  narrowed: number;
  /** every row of the narrowed answer */
  matches: (row: any) => boolean;
}

let w: World;
const f = {
  acme: undefined as unknown as Company,
  beta: undefined as unknown as Company,
  manufacturer: '',
  matchedOrder: uniq('LF-ON'),
  bomEnquiry: '',
  adminResult: '',
};

/** A user with a lastname of our choosing (the fixtures' lastnames share prefixes: Muster1, Muster10). */
async function person(company: Company, lastname: string) {
  await admin()
    .container.ports.get(USERS_PORT)
    .users.provision({
      input: {
        name: 'Lena',
        lastname,
        mail: `${lastname.toLowerCase()}@list-filter.de`,
        phoneNumber: '1',
        admin: false,
      },
      companyId: company.id,
      actorId: 'test',
      password: 'Test1234!',
    });
}

/** Three BOM lines (file rows 3–5): matched by order number, manually replaced (row 4, set below), not found (row 5). */
const bomFile = () =>
  Buffer.from(
    [
      'Filter-Test;;',
      'Pos;Bestellnummer;Menge',
      `1;${f.matchedOrder};2`,
      `2;${uniq('LF-X')};1`,
      `3;${uniq('LF-Y')};1`,
    ].join('\r\n'),
    'utf8',
  );
const MAPPING = [
  { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' as const },
  { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' as const },
];

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The customer's enquiry with the three-line BOM mapped, row 4 matched by hand, then released (suppliers see it). */
async function bomEnquiry(replacement: string): Promise<Enquiry> {
  const customer = w.users.customerAdmin;
  const draft = await storeEnquiry(customer, { title: 'Schaltschrank Stückliste' });
  await ok(uploadBom(customer.token, draft.id, 'Stückliste.csv', bomFile()), 'BOM upload');
  await ok(uploadCircuitDiagram(customer.token, draft.id), 'circuit diagram');
  await ok(
    post('/enquiry/bom/map', {
      token: customer.token,
      body: { enquiryId: draft.id, headerRowIndex: 2, mapping: MAPPING },
    }),
    'map',
  );
  const lines = await ok(get('/enquiry/bom/lines', { token: customer.token, query: { enquiryId: draft.id } }), 'lines');
  const replaced = (lines.content as StoredBomLine[]).find((l) => l.rowNumber === 4)!;
  await ok(
    post('/enquiry/bom/line', {
      token: customer.token,
      body: { enquiryId: draft.id, lineId: replaced.id, matchedArticleId: replacement },
    }),
    'manual match',
  );
  const released = await fetch(new URL(`/api/enquiry/release?enquiryId=${draft.id}`, HOSTS.portal), {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
  });
  if (released.status !== 200) throw new Error(`release: ${released.status} ${await released.text()}`);
  return draft;
}

/** The same file as an admin import of the ADMIN-company user without the flag, row 4 matched by hand. */
async function adminImport(replacement: string): Promise<string> {
  const imported = await ok(importBom(w.users.adminUser.token, { bytes: bomFile(), mapping: MAPPING }), 'import');
  const id = imported.result.id as string;
  const replaced = (imported.lines.content as StoredBomLine[]).find((l) => l.rowNumber === 4)!;
  await ok(
    post('/admin/bom/line', {
      token: w.users.adminUser.token,
      body: { id, lineId: replaced.id, matchedArticleId: replacement },
    }),
    'admin manual match',
  );
  return id;
}

beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  f.acme = await createCompany('CUSTOMER', { name: 'Acme Schaltanlagen GmbH' });
  f.beta = await createCompany('SUPPLIER', { name: 'Beta Elektro KG' });
  // users: the world's 7, Zander (customer), Yilmaz (supplier), Adler and Bauer (Acme), Claus (Beta) = 12
  await Promise.all([
    person(w.companies.CUSTOMER, 'Zander'),
    person(w.companies.SUPPLIER, 'Yilmaz'),
    person(f.acme, 'Adler'),
    person(f.acme, 'Bauer'),
    person(f.beta, 'Claus'),
  ]);

  // articles: the BOM's matched one and the replacement (manufacturer m), one other of another manufacturer = 3
  const token = w.users.platformAdmin.token;
  const [m, other] = await Promise.all([createManufacturer(token), createManufacturer(token)]);
  f.manufacturer = m.id;
  await createArticle(token, { orderNumber: f.matchedOrder, manufacturerId: m.id, listPrice: 10 });
  const replacement = (await createArticle(token, { orderNumber: uniq('LF-ERSATZ'), manufacturerId: m.id })).id;
  await createArticle(token, { orderNumber: uniq('LF-ANDERS'), manufacturerId: other.id });

  // enquiries of the customer: the BOM's (released), a released and a draft one = 3; suppliers see the released 2
  f.bomEnquiry = (await bomEnquiry(replacement)).id;
  const market = await storeEnquiry(w.users.customerUser, { title: 'Pumpenstation Nord', released: true });
  await storeEnquiry(w.users.customerUser, { title: 'Kranbahn Halle 3' });
  f.adminResult = await adminImport(replacement);

  // offers of the supplier on the released enquiry: OPEN and ACCEPTED released, an OPEN draft (the customer sees
  // the released 2, the supplier all 3)
  const supplier = w.users.supplierAdmin;
  await storeOffer(supplier, market, { referenceNumber: 'Förderband Ost', state: 'OPEN', released: true });
  await storeOffer(supplier, market, { referenceNumber: 'Presse West', state: 'ACCEPTED', released: true });
  await storeOffer(supplier, market, { referenceNumber: 'Presse Entwurf', state: 'OPEN' });
});
afterAll(disposeClients);

const bomLines = (caller: FilterCase['caller']): FilterCase[] => [
  {
    list: 'BOM article table (enquiry)',
    route: '/enquiry/bom/lines',
    caller,
    base: () => ({ enquiryId: f.bomEnquiry }),
    param: 'errorsOnly',
    value: () => 'true',
    all: 3,
    narrowed: 1,
    matches: (l: StoredBomLine) => l.rowNumber === 5 && l.bomError === 'ARTICLE_NOT_FOUND',
  },
  {
    list: 'BOM article table (enquiry)',
    route: '/enquiry/bom/lines',
    caller,
    base: () => ({ enquiryId: f.bomEnquiry }),
    param: 'replacedOnly',
    value: () => 'true',
    all: 3,
    narrowed: 1,
    matches: (l: StoredBomLine) => l.rowNumber === 4 && l.manualReplacement === true,
  },
];

const adminBomLines = (caller: FilterCase['caller']): FilterCase[] => [
  {
    list: 'BOM article table (admin import)',
    route: '/admin/bom/lines',
    caller,
    base: () => ({ id: f.adminResult }),
    param: 'errorsOnly',
    value: () => 'true',
    all: 3,
    narrowed: 1,
    matches: (l: StoredBomLine) => l.rowNumber === 5,
  },
  {
    list: 'BOM article table (admin import)',
    route: '/admin/bom/lines',
    caller,
    base: () => ({ id: f.adminResult }),
    param: 'replacedOnly',
    value: () => 'true',
    all: 3,
    narrowed: 1,
    matches: (l: StoredBomLine) => l.rowNumber === 4 && l.manualReplacement === true,
  },
];

const CASES: FilterCase[] = [
  // /user: the company filter (every ADMIN-company user) and the search box (everybody who lists users)
  ...(['platformAdmin', 'adminUser'] as const).flatMap((caller): FilterCase[] => [
    {
      list: 'users',
      route: '/user/filter',
      caller,
      param: 'companyIds',
      value: () => f.acme.id,
      all: 12,
      narrowed: 2,
      matches: (u) => u.companyId === f.acme.id,
    },
    {
      list: 'users',
      route: '/user/filter',
      caller,
      param: 'companyIds',
      value: () => `${f.acme.id},${f.beta.id}`,
      all: 12,
      narrowed: 3,
      matches: (u) => [f.acme.id, f.beta.id].includes(u.companyId),
    },
    {
      list: 'users',
      route: '/user/filter',
      caller,
      param: 'search',
      value: () => 'claus',
      all: 12,
      narrowed: 1,
      matches: (u) => u.lastname === 'Claus',
    },
  ]),
  {
    list: 'users',
    route: '/user/filter',
    caller: 'customerAdmin',
    param: 'search',
    value: () => 'zand',
    all: 3,
    narrowed: 1,
    matches: (u) => u.lastname === 'Zander',
  },
  {
    list: 'users',
    route: '/user/filter',
    caller: 'supplierAdmin',
    param: 'search',
    value: () => 'yil',
    all: 3,
    narrowed: 1,
    matches: (u) => u.lastname === 'Yilmaz',
  },
  // /company (platform admins): the type filter and the search box
  {
    list: 'companies',
    route: '/company/filter',
    caller: 'platformAdmin',
    param: 'types',
    value: () => 'SUPPLIER',
    all: 6,
    narrowed: 2,
    matches: (c) => c.type === 'SUPPLIER',
  },
  {
    list: 'companies',
    route: '/company/filter',
    caller: 'platformAdmin',
    param: 'search',
    value: () => 'acme',
    all: 6,
    narrowed: 1,
    matches: (c) => c.id === f.acme.id,
  },
  // /enquiry: the title search (customers and suppliers)
  ...(['customerUser', 'customerAdmin'] as const).map((caller): FilterCase => ({
    list: 'enquiries',
    route: '/enquiry/filter',
    caller,
    param: 'title',
    value: () => 'pumpen',
    all: 3,
    narrowed: 1,
    matches: (e) => e.title === 'Pumpenstation Nord',
  })),
  ...(['supplierUser', 'supplierAdmin'] as const).map((caller): FilterCase => ({
    list: 'enquiries',
    route: '/enquiry/filter',
    caller,
    param: 'title',
    value: () => 'pumpen',
    all: 2,
    narrowed: 1,
    matches: (e) => e.title === 'Pumpenstation Nord',
  })),
  // /offer, /order, /job: the reference-number search and the view's states
  ...(['supplierUser', 'supplierAdmin'] as const).flatMap((caller): FilterCase[] => [
    {
      list: 'offers/orders/jobs',
      route: '/offer/filter',
      caller,
      param: 'referenceNumber',
      value: () => 'presse',
      all: 3,
      narrowed: 2,
      matches: (o) => o.referenceNumber.startsWith('Presse'),
    },
    {
      list: 'offers/orders/jobs',
      route: '/offer/filter',
      caller,
      param: 'states',
      value: () => 'ACCEPTED',
      all: 3,
      narrowed: 1,
      matches: (o) => o.state === 'ACCEPTED',
    },
  ]),
  ...(['customerUser', 'customerAdmin'] as const).flatMap((caller): FilterCase[] => [
    {
      list: 'offers/orders/jobs',
      route: '/offer/filter',
      caller,
      param: 'referenceNumber',
      value: () => 'presse',
      all: 2,
      narrowed: 1,
      matches: (o) => o.referenceNumber === 'Presse West',
    },
    {
      list: 'offers/orders/jobs',
      route: '/offer/filter',
      caller,
      param: 'states',
      value: () => 'OPEN,DECLINED',
      all: 2,
      narrowed: 1,
      matches: (o) => o.state === 'OPEN',
    },
  ]),
  // /article (the ADMIN company): the order-number search and the manufacturer choice
  ...(['platformAdmin', 'adminUser'] as const).flatMap((caller): FilterCase[] => [
    {
      list: 'articles',
      route: '/article/filter',
      caller,
      param: 'orderNumber',
      value: () => f.matchedOrder,
      all: 3,
      narrowed: 1,
      matches: (a) => a.orderNumber === f.matchedOrder,
    },
    {
      list: 'articles',
      route: '/article/filter',
      caller,
      param: 'manufacturer',
      value: () => f.manufacturer,
      all: 3,
      narrowed: 2,
      matches: (a) => a.manufacturerId === f.manufacturer,
    },
  ]),
  // the BOM article table's switches: wherever it is shown
  ...(['customerAdmin', 'customerUser', 'supplierUser'] as const).flatMap(bomLines),
  ...(['adminUser', 'platformAdmin'] as const).flatMap(adminBomLines),
];

describe('every filter a list shows changes the answer for that role', () => {
  it.each(CASES.map((c) => [`${c.list}: ${c.caller} ${c.route} ${c.param} (${c.narrowed} of ${c.all})`, c] as const))(
    '%s',
    async (_name, c) => {
      const token = w.users[c.caller].token;
      const query = { ...c.base?.(), paginationSize: '30' };
      const all = await get(c.route, { token, query });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(all.body.totalElements).toBe(c.all);
      const narrowed = await get(c.route, { token, query: { ...query, [c.param]: c.value() } });
      expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
      expect(narrowed.body.totalElements).toBe(c.narrowed);
      expect(narrowed.body.content).toHaveLength(c.narrowed);
      for (const row of narrowed.body.content) expect(c.matches(row), JSON.stringify(row)).toBe(true);
    },
  );

  it('the user export follows the company filter for every ADMIN-company user as the list does', async () => {
    const exported = async (caller: 'platformAdmin' | 'adminUser', companyIds?: string[]) => {
      const res = await post('/user/export', {
        token: w.users[caller].token,
        body: { query: { companyIds }, columns: [{ key: 'lastname', label: 'Nachname' }] },
      });
      expect(res.status).toBe(200);
      return (res.body as string)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .sort();
    };
    for (const caller of ['platformAdmin', 'adminUser'] as const) {
      expect(await exported(caller)).toHaveLength(12);
      expect(await exported(caller, [f.acme.id])).toEqual(['"Adler"', '"Bauer"']);
    }
  });
});
