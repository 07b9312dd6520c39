import { COMPANIES_PORT } from './companies.port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, CompanyType } from '../../model/company.js';
import { get } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createWorld, disposeClients, type World } from '../../testing/fixtures.js';

/** GET /company/filter: server-side pages (docs/api.md). */
let w: World;
const CITIES = ['Aalen', 'Bonn', 'Celle', 'Dresden', 'Essen', 'Fulda', 'Gera'];
const created: Company[] = [];

beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  const { container } = admin();
  for (let i = 0; i < 14; i++) {
    const type: CompanyType = (['CUSTOMER', 'SUPPLIER', 'ADMIN'] as const)[i % 3]!;
    created.push(
      await container.ports.get(COMPANIES_PORT).companies.create('test', {
        name: `Quarz ${String(i).padStart(2, '0')} ${i % 2 ? 'Elektrik' : 'Anlagenbau'} GmbH`,
        type,
        customerNumber: type === 'CUSTOMER' ? `K-${50000 + i}` : undefined,
        address: { street: 'Weg', houseNo: '1', zip: `7${i}000`, city: CITIES[i % CITIES.length]! },
      }),
    );
  }
});
afterAll(disposeClients);

const filter = (query: Record<string, string>, token = w.users.platformAdmin.token) =>
  get('/company/filter', { token, query });
const names = (body: { content: Company[] }) => body.content.map((c) => c.name.slice(0, 8));

describe('GET /company/filter', () => {
  it('pages and counts a search, sorted by name either way', async () => {
    const first = await filter({ search: 'quarz', page: '0', paginationSize: '5' });
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBe(14);
    expect(names(first.body)).toEqual(['Quarz 00', 'Quarz 01', 'Quarz 02', 'Quarz 03', 'Quarz 04']);
    const last = await filter({ search: 'quarz', page: '2', paginationSize: '5', sortDescending: 'true' });
    expect(names(last.body)).toEqual(['Quarz 03', 'Quarz 02', 'Quarz 01', 'Quarz 00']);
    expect((await filter({ search: 'elektrik', paginationSize: '30' })).body.totalElements).toBe(7);
    expect((await filter({ search: 'quarz 01 elek', paginationSize: '30' })).body.totalElements).toBe(1);
  });

  it('filters by types and sorts by type, customer number, city and create date', async () => {
    const customers = await filter({
      search: 'quarz',
      types: 'CUSTOMER',
      column: 'customerNumber',
      sortDescending: 'true',
      paginationSize: '30',
    });
    expect(customers.body.totalElements).toBe(5);
    expect(customers.body.content.map((c: Company) => c.customerNumber)).toEqual([
      'K-50012',
      'K-50009',
      'K-50006',
      'K-50003',
      'K-50000',
    ]);
    const two = await filter({ search: 'quarz', types: 'SUPPLIER,ADMIN', column: 'type', paginationSize: '30' });
    expect(two.body.totalElements).toBe(9);
    expect(two.body.content.map((c: Company) => c.type)).toEqual([
      ...Array(4).fill('ADMIN'),
      ...Array(5).fill('SUPPLIER'),
    ]);
    // companies without a customer number stay in a list sorted by it (stored as null, answered absent)
    const byNumber = await filter({ search: 'quarz', column: 'customerNumber', paginationSize: '30' });
    expect(byNumber.body.content).toHaveLength(14);
    expect(byNumber.body.content[0]).not.toHaveProperty('customerNumber');
    expect(byNumber.body.content[0]).not.toHaveProperty('searchTokens');
    const byCity = await filter({ search: 'quarz', column: 'city', paginationSize: '5' });
    expect(byCity.body.content.map((c: Company) => c.address.city)).toEqual([
      'Aalen',
      'Aalen',
      'Bonn',
      'Bonn',
      'Celle',
    ]);
    const newest = await filter({ search: 'quarz', column: 'createDate', sortDescending: 'true', paginationSize: '5' });
    expect(newest.body.content[0].id).toBe(created.at(-1)!.id);
    expect((await filter({ search: 'fulda' })).body.totalElements).toBe(2);
    expect((await filter({ search: 'K-5000' })).body.totalElements).toBe(4); // K-50000 … K-50009
    expect((await filter({ search: 'K-5001' })).body.totalElements).toBe(1);
  });

  it('is for platform admins only; 400 for an unknown column, type or page size', async () => {
    expect((await filter({}, w.users.adminUser.token)).status).toBe(403);
    expect((await filter({}, w.users.customerAdmin.token)).status).toBe(403);
    expect((await get('/company/filter')).status).toBe(401);
    expect((await filter({ column: 'street' })).body).toMatchObject({
      code: 'validation',
      details: [{ path: 'column', key: 'validation.oneOf' }],
    });
    expect((await filter({ types: 'CUSTOMER,PIRATE' })).body).toMatchObject({
      code: 'validation',
      details: [{ path: 'types[1]', key: 'validation.oneOf' }],
    });
    expect((await filter({ paginationSize: '0' })).status).toBe(400);
    const all = await filter({ paginationSize: '30' });
    expect(all.body.totalElements).toBe(14 + 4);
  });
});
