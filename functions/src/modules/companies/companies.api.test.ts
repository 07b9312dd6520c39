import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import {
  admin,
  createCompany,
  createUser,
  createWorld,
  disposeClients,
  nextSecond,
  mailsTo,
  signIn,
  uniqueMail,
  type World,
} from '../../testing/fixtures.js';

let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
});
afterAll(disposeClients);

const form = (extra: Record<string, unknown> = {}) => ({
  name: 'Schaltbau Nord GmbH',
  type: 'SUPPLIER',
  additionalInfo: 'Rahmenvertrag 2026',
  address: { street: 'Hafenstraße', houseNo: '7', zip: '20457', city: 'Hamburg', country: 'Deutschland' },
  ...extra,
});

describe('reading companies', () => {
  it('GET /company/ returns the own company to anyone, any company to the platform admin; 404 unknown', async () => {
    const own = await get('/company/', { token: w.users.supplierUser.token, query: { id: w.companies.SUPPLIER.id } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id: w.companies.SUPPLIER.id,
      name: w.companies.SUPPLIER.name,
      type: 'SUPPLIER',
      active: true,
      pendingRegistration: false,
    });
    expect(
      (await get('/company/', { token: w.users.supplierUser.token, query: { id: w.companies.CUSTOMER.id } })).status,
    ).toBe(403);
    expect(
      (await get('/company/', { token: w.users.platformAdmin.token, query: { id: w.companies.CUSTOMER.id } })).status,
    ).toBe(200);
    expect((await get('/company/', { token: w.users.platformAdmin.token, query: { id: 'missing' } })).status).toBe(404);
  });

  it('GET /company/all lists every company for the ADMIN company', async () => {
    const res = await get('/company/all', { token: w.users.adminUser.token });
    expect(res.status).toBe(200);
    const ids = res.body.map((c: { id: string }) => c.id);
    for (const c of Object.values(w.companies)) expect(ids).toContain(c.id);
  });
});

describe('POST /company/', () => {
  it('creates an active, released company with record metadata', async () => {
    const res = await post('/company/', { token: w.users.platformAdmin.token, body: form({ evil: true }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...form(), active: true, pendingRegistration: false });
    expect(res.body.evil).toBeUndefined();
    expect(res.body.changeEntries).toEqual([
      { date: res.body.createDate, userId: w.users.platformAdmin.user.id, action: 'create' },
    ]);
    const stored = (await admin().db.collection('companies').doc(res.body.id).get()).data()!;
    expect(stored.name).toBe('Schaltbau Nord GmbH');
  });

  it('validates: customerNumber required for customers, EXTERNAL not selectable', async () => {
    const res = await post('/company/', {
      token: w.users.platformAdmin.token,
      body: { type: 'CUSTOMER', address: {} },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { path: 'name', key: 'validation.required' },
        { path: 'customerNumber', key: 'validation.required' },
        { path: 'address.street', key: 'validation.required' },
      ]),
    );
    const ext = await post('/company/', { token: w.users.platformAdmin.token, body: form({ type: 'EXTERNAL' }) });
    expect(ext.body.details).toEqual([{ path: 'type', key: 'validation.oneOf' }]);
  });
});

describe('POST /company/update', () => {
  it('updates the form fields; 404 unknown; own company cannot change its type', async () => {
    const company = await createCompany('SUPPLIER');
    const res = await post('/company/update', {
      token: w.users.platformAdmin.token,
      body: { ...form({ name: 'Umbenannt GmbH' }), id: company.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: company.id, name: 'Umbenannt GmbH', active: true });
    expect(res.body.changeEntries.at(-1)).toMatchObject({ action: 'update', userId: w.users.platformAdmin.user.id });
    expect(
      (await post('/company/update', { token: w.users.platformAdmin.token, body: { ...form(), id: 'missing' } }))
        .status,
    ).toBe(404);
    const own = await post('/company/update', {
      token: w.users.platformAdmin.token,
      body: { ...form(), id: w.companies.ADMIN.id },
    });
    expect(own.status).toBe(412);
  });

  it('releases a pending registration and mails each of its users in German', async () => {
    const mail = uniqueMail('pending');
    const reg = await post('/user/register', {
      body: {
        user: { name: 'Jana', lastname: 'Wolf', phoneNumber: '0711-2', mail, password: 'geheim123' },
        company: {
          name: 'Wolf Steuerungstechnik GmbH',
          type: 'CUSTOMER',
          address: { street: 'Ring', houseNo: '3', zip: '70000', city: 'Stuttgart' },
        },
        avbAccepted: true,
        privacyAccepted: true,
      },
    });
    expect(reg.status).toBe(201);
    const company = reg.body.company;
    const colleague = await createUser(company);
    const token = await signIn(mail, 'geheim123');
    expect((await get('/user/all', { token })).body.code).toBe('registrationPending');

    const release = await post('/company/update', {
      token: w.users.platformAdmin.token,
      body: { ...company, customerNumber: 'K-20001', pendingRegistration: false },
    });
    expect(release.status).toBe(200);
    expect(release.body).toMatchObject({ pendingRegistration: false, active: true, customerNumber: 'K-20001' });
    expect(release.body.changeEntries.at(-1).action).toBe('release');
    for (const to of [mail, colleague.mail]) {
      const [m] = await mailsTo(to);
      expect(m!.message.subject).toBe('Ihr Zugang zum Schrankwerk-Portal ist freigeschaltet');
      expect(m!.message.text).toContain('Wolf Steuerungstechnik GmbH');
    }
    expect((await get('/user/all', { token })).status).toBe(200);
  });
});

describe('POST /company/delete', () => {
  it('sets the company inactive and revokes its users: 401 for old tokens, 403 companyInactive afterwards', async () => {
    const company = await createCompany('CUSTOMER');
    const u = await createUser(company, { admin: true });
    expect((await get('/user/all', { token: u.token })).status).toBe(200);
    expect(
      (
        await post('/company/delete', {
          token: w.users.platformAdmin.token,
          query: { companyId: w.companies.ADMIN.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (await post('/company/delete', { token: w.users.platformAdmin.token, query: { companyId: 'missing' } })).status,
    ).toBe(404);
    expect((await post('/company/delete', { token: w.users.platformAdmin.token })).status).toBe(400);
    await nextSecond(); // revocation works at second granularity
    const res = await post('/company/delete', { token: w.users.platformAdmin.token, query: { companyId: company.id } });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await admin().db.collection('companies').doc(company.id).get()).data()).toMatchObject({ active: false });
    const old = await get('/user/all', { token: u.token });
    expect(old).toMatchObject({ status: 401, body: { code: 'tokenRevoked' } });
    await nextSecond(); // a token from a later second than the revocation
    const fresh = await signIn(u.mail);
    for (const [method, path, query] of [
      ['GET', '/user/all'],
      ['GET', '/legal/avv'],
      ['GET', '/company/', { id: company.id }],
      ['GET', '/user/', { id: u.user.id }],
    ] as const) {
      const r =
        method === 'GET' ? await get(path, { token: fresh, query: query as Record<string, string> }) : undefined;
      expect(r, path).toMatchObject({ status: 403, body: { code: 'companyInactive' } });
    }
    const list = await get('/company/all', { token: w.users.platformAdmin.token });
    expect(list.body.find((c: { id: string }) => c.id === company.id)).toMatchObject({ active: false });
  });
});

describe('restricted callers (docs/api.md)', () => {
  it('a user who must change the password reaches exactly the allowed calls', async () => {
    const u = await createUser(w.companies.CUSTOMER, { passwordChangeNeeded: true, admin: true });
    const allowed = [
      await get('/user/', { token: u.token, query: { id: u.user.id } }),
      await get('/company/', { token: u.token, query: { id: w.companies.CUSTOMER.id } }),
      await get('/legal/avv', { token: u.token }),
      await get('/user/update/counter', { token: u.token, query: { userId: u.user.id } }),
    ];
    expect(allowed.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const refused = [
      await get('/user/all', { token: u.token }),
      await get('/user/company', { token: u.token, query: { companyId: w.companies.CUSTOMER.id } }),
      await get('/user/', { token: u.token, query: { id: w.users.customerUser.user.id } }),
      await post('/user/', {
        token: u.token,
        body: { name: 'a', lastname: 'b', mail: uniqueMail(), phoneNumber: '1' },
      }),
      await post('/user/update', {
        token: u.token,
        body: { id: u.user.id, name: 'a', lastname: 'b', mail: u.mail, phoneNumber: '1' },
      }),
    ];
    for (const r of refused) expect(r).toMatchObject({ status: 403, body: { code: 'passwordChangeNeeded' } });
  });
});
