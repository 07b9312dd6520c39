import { USERS_PORT } from './users.port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../model/company.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createCompany, createUser, createWorld, disposeClients, type World } from '../../testing/fixtures.js';

/** GET /user/filter: server-side pages (docs/api.md). */
let w: World;
let acme: Company;
let beta: Company;
const LASTNAMES = [
  'Adler',
  'Bäcker',
  'Becker',
  'Cramer',
  'Diehl',
  'Eckert',
  'Förster',
  'Groß',
  'Hahn',
  'Iske',
  'Jung',
  'Krüger',
];

beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  acme = await createCompany('CUSTOMER', { name: 'Acme Schaltschrank GmbH' });
  beta = await createCompany('SUPPLIER', { name: 'Beta Elektro KG' });
  const { container } = admin();
  await Promise.all(
    LASTNAMES.map((lastname, i) =>
      container.ports.get(USERS_PORT).users.provision({
        input: {
          name: i % 2 ? 'Lena' : 'Paul',
          lastname,
          mail: `${lastname.toLowerCase().replace(/[^a-z]/g, 'x')}.${i}@acme-filter.de`,
          phoneNumber: '1',
          admin: false,
        },
        companyId: i < 9 ? acme.id : beta.id,
        actorId: 'test',
        password: 'Test1234!',
      }),
    ),
  );
});
afterAll(disposeClients);

const filter = (token: string, query: Record<string, string>) => get('/user/filter', { token, query });
const lastnames = (body: { content: Array<{ lastname: string }> }) => body.content.map((u) => u.lastname);

describe('GET /user/filter', () => {
  it('pages, sorts and counts the chosen companies for the platform admin', async () => {
    const token = w.users.platformAdmin.token;
    const first = await filter(token, { companyIds: acme.id, page: '0', paginationSize: '5', column: 'lastname' });
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBe(9);
    expect(lastnames(first.body)).toEqual(['Adler', 'Bäcker', 'Becker', 'Cramer', 'Diehl']);
    const second = await filter(token, { companyIds: acme.id, page: '1', paginationSize: '5', column: 'lastname' });
    expect(lastnames(second.body)).toEqual(['Eckert', 'Förster', 'Groß', 'Hahn']);
    const desc = await filter(token, {
      companyIds: `${acme.id},${beta.id}`,
      page: '0',
      paginationSize: '5',
      column: 'lastname',
      sortDescending: 'true',
    });
    expect(desc.body.totalElements).toBe(12);
    expect(lastnames(desc.body)).toEqual(['Krüger', 'Jung', 'Iske', 'Hahn', 'Groß']);
    const beyond = await filter(token, { companyIds: acme.id, page: '5', paginationSize: '5' });
    expect(beyond.body).toEqual({ content: [], totalElements: 9 });
  });

  it('answers the /user/all item shape with company id, name and type, without query-only fields', async () => {
    const res = await filter(w.users.platformAdmin.token, { companyIds: beta.id, column: 'name' });
    expect(res.body.content).toHaveLength(3);
    const item = res.body.content[0];
    expect(item.company).toEqual({ id: beta.id, name: 'Beta Elektro KG', type: 'SUPPLIER' });
    expect(item).toMatchObject({ companyId: beta.id, loginCounter: 1, passwordChangeNeeded: false });
    for (const key of ['searchTokens', 'companyName', 'companyType', 'lastLoginAt'])
      expect(item, key).not.toHaveProperty(key);
  });

  it('searches word prefixes of name, lastname, mail and company name; umlauts either way', async () => {
    const token = w.users.platformAdmin.token;
    const q = (search: string) => filter(token, { search, companyIds: `${acme.id},${beta.id}`, paginationSize: '30' });
    expect(lastnames((await q('krue')).body)).toEqual(['Krüger']);
    expect(lastnames((await q('Kru')).body)).toEqual(['Krüger']);
    expect(lastnames((await q('gross')).body)).toEqual(['Groß']);
    expect((await q('lena')).body.totalElements).toBe(6);
    expect((await q('paul ad')).body.totalElements).toBe(1);
    expect((await q('beta elek')).body.totalElements).toBe(3);
    expect((await q('iske.9@acme')).body.totalElements).toBe(1);
    expect(lastnames((await q('ecker')).body)).toEqual(['Eckert']);
    expect((await q('cker')).body.totalElements).toBe(0); // Bäcker, Becker: not a word start
  });

  it('sorts by company name, login counter and last login, keeping users who never logged in', async () => {
    const token = w.users.platformAdmin.token;
    const u = await createUser(acme);
    await get('/user/update/counter', { token: u.token, query: { userId: u.user.id } });
    const byLogin = await filter(token, {
      companyIds: acme.id,
      column: 'lastLoginAt',
      sortDescending: 'true',
      paginationSize: '30',
    });
    expect(byLogin.body.totalElements).toBe(10);
    expect(byLogin.body.content).toHaveLength(10);
    expect(byLogin.body.content[0].id).toBe(u.user.id);
    expect(byLogin.body.content[0].lastLoginAt).toBeTruthy();
    const byCounter = await filter(token, {
      companyIds: acme.id,
      column: 'loginCounter',
      sortDescending: 'true',
      paginationSize: '5',
    });
    expect(byCounter.body.content[0]).toMatchObject({ id: u.user.id, loginCounter: 2 });
    const byCompany = await filter(token, {
      companyIds: `${acme.id},${beta.id}`,
      column: 'companyName',
      sortDescending: 'true',
      paginationSize: '5',
    });
    expect(byCompany.body.content.map((x: { company: { name: string } }) => x.company.name)).toEqual(
      Array(3).fill('Beta Elektro KG').concat(['Acme Schaltschrank GmbH', 'Acme Schaltschrank GmbH']),
    );
  });

  it('follows a renamed company (stored name and search tokens are rewritten)', async () => {
    const company = await createCompany('SUPPLIER', { name: 'Alt Name GmbH' });
    await createUser(company, { signIn: false });
    const renamed = await post('/company/update', {
      token: w.users.platformAdmin.token,
      body: { id: company.id, name: 'Neuer Name AG', type: 'SUPPLIER', address: company.address },
    });
    expect(renamed.status).toBe(200);
    const res = await filter(w.users.platformAdmin.token, { search: 'neuer na' });
    expect(res.body.totalElements).toBe(1);
    expect(res.body.content[0].company).toEqual({ id: company.id, name: 'Neuer Name AG', type: 'SUPPLIER' });
    expect((await filter(w.users.platformAdmin.token, { search: 'alt name' })).body.totalElements).toBe(0);
  });

  it('who sees what: ADMIN company everybody (companyIds narrow it, flag or not), company admins their own company', async () => {
    const all = (await get('/user/all', { token: w.users.adminUser.token })).body.length;
    expect((await filter(w.users.adminUser.token, { paginationSize: '5' })).body.totalElements).toBe(all);
    const adminView = await filter(w.users.adminUser.token, { companyIds: acme.id, paginationSize: '5' });
    const platformView = await filter(w.users.platformAdmin.token, { companyIds: acme.id, paginationSize: '5' });
    expect(adminView.body.totalElements).toBe(platformView.body.totalElements); // Acme's 9, + 1 of a test above
    expect(adminView.body.totalElements).toBeLessThan(all);
    const own = await filter(w.users.customerAdmin.token, { companyIds: acme.id, paginationSize: '30' });
    expect(own.body.totalElements).toBe(2);
    expect(own.body.content.map((u: { companyId: string }) => u.companyId)).toEqual([
      w.companies.CUSTOMER.id,
      w.companies.CUSTOMER.id,
    ]);
    expect((await filter(w.users.supplierAdmin.token, { search: 'acme' })).body.totalElements).toBe(0);
    expect((await filter(w.users.customerUser.token, {})).status).toBe(403);
    expect((await filter(w.users.externalUser.token, {})).status).toBe(403);
    expect((await get('/user/filter')).status).toBe(401);
  });

  it('answers 400 for an unknown column, a page size outside 5–30, a negative page, bad or too many company ids', async () => {
    const token = w.users.platformAdmin.token;
    const bad = async (query: Record<string, string>) => (await filter(token, query)).body;
    expect(await bad({ column: 'password' })).toMatchObject({
      code: 'validation',
      details: [{ path: 'column', key: 'validation.oneOf' }],
    });
    expect(await bad({ paginationSize: '7' })).toMatchObject({
      code: 'validation',
      details: [{ path: 'paginationSize', key: 'validation.oneOf' }],
    });
    expect(await bad({ paginationSize: '100' })).toMatchObject({ code: 'validation' });
    expect(await bad({ page: '-1' })).toMatchObject({
      code: 'validation',
      details: [{ path: 'page', key: 'validation.min' }],
    });
    expect(await bad({ page: 'x' })).toMatchObject({
      code: 'validation',
      details: [{ path: 'page', key: 'validation.type' }],
    });
    expect(await bad({ sortDescending: 'maybe' })).toMatchObject({ code: 'validation' });
    expect(await bad({ companyIds: 'a/b' })).toMatchObject({ code: 'validation' });
    const many = Array.from({ length: 31 }, (_, i) => `c${i}`).join(',');
    expect(await bad({ companyIds: many })).toMatchObject({
      code: 'validation',
      details: [{ path: 'companyIds', key: 'validation.max' }],
    });
    expect((await filter(token, { companyIds: Array.from({ length: 30 }, (_, i) => `c${i}`).join(',') })).body).toEqual(
      { content: [], totalElements: 0 },
    );
  });
});
