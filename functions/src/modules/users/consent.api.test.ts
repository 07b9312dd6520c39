import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThrottlesRepository } from '../../data/throttles.repository.js';
import { AVB_VERSION, PRIVACY_VERSION, type Consent } from '../../model/consent.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import {
  admin,
  createCompany,
  createUser,
  createWorld,
  disposeClients,
  signIn,
  uniqueMail,
  type TestUser,
  type World,
} from '../../testing/fixtures.js';

// Issue 32 point 1: the registration's agreements are required and recorded; the re-consent after an AVB change;
// who reads the records (docs/api.md "Consents").

const OLD_AVB = '2023-01-16';

let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
});
afterAll(disposeClients);

function registration(
  mail: string,
  agreements: Record<string, unknown> = { avbAccepted: true, privacyAccepted: true },
) {
  return {
    user: { name: 'Clara', lastname: 'Consent', phoneNumber: '+49-711-777', mail, password: 'geheim123' },
    company: {
      name: 'Consent Anlagen GmbH',
      type: 'CUSTOMER',
      address: { street: 'Weg', houseNo: '2', zip: '70173', city: 'Stuttgart' },
    },
    ...agreements,
  };
}

/** Registers from the stack's one client address, which other files use too: each call starts unthrottled. */
async function register(body: unknown) {
  await new ThrottlesRepository(admin().db).forget('registration:');
  return post('/user/register', { body });
}

/** A page of acceptances as the platform administrator reads them. */
async function consentsOf(scope: { companyId: string } | { userId: string }) {
  const res = await get('/user/consents', {
    token: w.token('platformAdmin'),
    query: { ...scope, paginationSize: '30' },
  });
  expect(res.status).toBe(200);
  return res.body as { content: Consent[]; totalElements: number };
}

/** A customer's user whose last accepted AVB are an older version (as after a change of AVB_VERSION). */
async function customerWithOldAvb(): Promise<TestUser> {
  const u = await createUser(w.companies.CUSTOMER, { avbAccepted: false });
  await admin()
    .db.collection('users')
    .doc(u.user.id)
    .update({ 'acceptedTerms.avb': { version: OLD_AVB, acceptedAt: new Date('2023-02-01T09:00:00Z') } });
  return u;
}

describe('POST /user/register requires both agreements', () => {
  it.each([
    ['missing', {}],
    ['false', { avbAccepted: false, privacyAccepted: false }],
    ['not a boolean', { avbAccepted: 'true', privacyAccepted: 1 }],
  ])('%s: 400 with a German field message for each, nothing created', async (_what, agreements) => {
    const mail = uniqueMail('noconsent');
    const res = await register(registration(mail, agreements));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.details).toEqual([
      { path: 'avbAccepted', key: 'validation.acceptAvb' },
      { path: 'privacyAccepted', key: 'validation.acceptPrivacy' },
    ]);
    await expect(admin().auth.getUserByEmail(mail)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it('one agreement missing names only that one', async () => {
    const res = await register(registration(uniqueMail('halfconsent'), { privacyAccepted: true }));
    expect(res).toMatchObject({
      status: 400,
      body: { details: [{ path: 'avbAccepted', key: 'validation.acceptAvb' }] },
    });
  });

  it('with both: the user carries the versions in force, and one record per document with time and address', async () => {
    const mail = uniqueMail('consent');
    const res = await register(registration(mail));
    expect(res.status).toBe(201);
    const { user, company } = res.body;
    expect(user.acceptedTerms).toEqual({
      avb: { version: AVB_VERSION, acceptedAt: user.createDate },
      privacy: { version: PRIVACY_VERSION, acceptedAt: user.createDate },
    });
    const page = await consentsOf({ companyId: company.id });
    expect(page.totalElements).toBe(2);
    expect(page.content.map((c) => [c.document, c.version]).sort()).toEqual([
      ['avb', AVB_VERSION],
      ['privacy', PRIVACY_VERSION],
    ]);
    for (const c of page.content) {
      expect(c).toMatchObject({ userId: user.id, companyId: company.id, mail, userName: 'Clara Consent' });
      expect(c.acceptedAt).toBe(user.createDate);
      // the address Hosting reported for the call (http/client-address.ts), never a value of the body
      expect(isIP(c.clientAddress ?? '')).toBeGreaterThan(0);
    }
    // the registrant reads his own records, also while his company awaits release
    const own = await get('/user/consents', { token: await signIn(mail, 'geheim123'), query: { userId: user.id } });
    expect(own).toMatchObject({ status: 200, body: { totalElements: 2 } });
  });
});

describe('POST /user/consent (accepting the AVB again)', () => {
  it('records the version in force once: the answer, the user and the company list agree', async () => {
    const u = await customerWithOldAvb();
    const res = await post('/user/consent', { token: u.token, body: { document: 'avb', version: AVB_VERSION } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.user.id, company: { id: w.companies.CUSTOMER.id } });
    expect(res.body.acceptedTerms.avb.version).toBe(AVB_VERSION);
    const session = await get('/user/', { token: u.token, query: { id: u.user.id } });
    expect(session.body.acceptedTerms.avb).toEqual(res.body.acceptedTerms.avb);
    const records = (await consentsOf({ userId: u.user.id })).content;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ document: 'avb', version: AVB_VERSION, companyId: w.companies.CUSTOMER.id });
    expect(records[0]!.acceptedAt).toBe(res.body.acceptedTerms.avb.acceptedAt);
    expect(isIP(records[0]!.clientAddress ?? '')).toBeGreaterThan(0);

    // accepting what is on record already changes nothing
    const again = await post('/user/consent', { token: u.token, body: { document: 'avb', version: AVB_VERSION } });
    expect(again.status).toBe(200);
    expect(again.body.acceptedTerms.avb).toEqual(res.body.acceptedTerms.avb);
    expect((await consentsOf({ userId: u.user.id })).totalElements).toBe(1);
  });

  it('two parallel calls leave one record, and the user names its time', async () => {
    const u = await customerWithOldAvb();
    const body = { document: 'avb', version: AVB_VERSION };
    const [a, b] = await Promise.all([
      post('/user/consent', { token: u.token, body }),
      post('/user/consent', { token: u.token, body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const records = (await consentsOf({ userId: u.user.id })).content;
    expect(records).toHaveLength(1);
    const stored = (await admin().db.collection('users').doc(u.user.id).get()).data()!;
    expect(stored.acceptedTerms.avb.version).toBe(AVB_VERSION);
    expect(stored.acceptedTerms.avb.acceptedAt.toDate().toISOString()).toBe(records[0]!.acceptedAt);
    expect(a.body.acceptedTerms.avb).toEqual(b.body.acceptedTerms.avb);
  });

  it('a version not in force answers 409 consentVersionOutdated and records nothing', async () => {
    const u = await customerWithOldAvb();
    const res = await post('/user/consent', { token: u.token, body: { document: 'avb', version: OLD_AVB } });
    expect(res).toMatchObject({ status: 409, body: { code: 'consentVersionOutdated' } });
    expect((await consentsOf({ userId: u.user.id })).totalElements).toBe(0);
    const stored = (await admin().db.collection('users').doc(u.user.id).get()).data()!;
    expect(stored.acceptedTerms.avb.version).toBe(OLD_AVB);
  });

  it('an unknown document is 400, a signed-out call 401', async () => {
    const bad = await post('/user/consent', {
      token: w.token('customerUser'),
      body: { document: 'agb', version: '1' },
    });
    expect(bad).toMatchObject({ status: 400, body: { details: [{ path: 'document', key: 'validation.oneOf' }] } });
    const anonymous = await post('/user/consent', { body: { document: 'avb', version: AVB_VERSION } });
    expect(anonymous.status).toBe(401);
  });
});

describe('a move to another company', () => {
  it('drops the AVB acceptance (it bound the former company), keeps the privacy one and the records', async () => {
    const u = await createUser(w.companies.CUSTOMER);
    await post('/user/consent', { token: u.token, body: { document: 'privacy', version: PRIVACY_VERSION } });
    const other = await createCompany('CUSTOMER');
    const moved = await post('/user/update', {
      token: w.token('platformAdmin'),
      body: {
        id: u.user.id,
        name: u.user.name,
        lastname: u.user.lastname,
        mail: u.mail,
        phoneNumber: u.user.phoneNumber,
        companyId: other.id,
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.acceptedTerms).toEqual({ privacy: expect.objectContaining({ version: PRIVACY_VERSION }) });
    const records = (await consentsOf({ userId: u.user.id })).content;
    expect(records.map((c) => [c.document, c.companyId]).sort()).toEqual([
      ['avb', w.companies.CUSTOMER.id],
      ['privacy', w.companies.CUSTOMER.id],
    ]);
  });
});

describe('GET /user/consents: the platform administrator any, everybody else his own', () => {
  it("a company administrator may not read his company's records, a user not a colleague's (403)", async () => {
    const companyId = w.companies.CUSTOMER.id;
    const cases = [
      ['customerAdmin', { companyId }],
      ['customerUser', { companyId }],
      ['adminUser', { companyId }],
      ['supplierAdmin', { companyId }],
      ['customerAdmin', { userId: w.users.customerUser.user.id }],
      ['customerUser', { userId: w.users.customerAdmin.user.id }],
      ['externalUser', { userId: w.users.customerUser.user.id }],
    ] as const;
    for (const [kind, query] of cases) {
      const res = await get('/user/consents', { token: w.token(kind), query });
      expect([kind, query, res.status, res.body.code]).toEqual([kind, query, 403, 'forbidden']);
    }
    expect((await get('/user/consents', { query: { companyId } })).status).toBe(401);
  });

  it("his own records and the platform administrator's view of the company", async () => {
    const own = await get('/user/consents', {
      token: w.token('customerUser'),
      query: { userId: w.users.customerUser.user.id },
    });
    expect(own.status).toBe(200);
    expect(own.body.content).toEqual([
      expect.objectContaining({ document: 'avb', version: AVB_VERSION, userId: w.users.customerUser.user.id }),
    ]);
    const company = await consentsOf({ companyId: w.companies.CUSTOMER.id });
    expect(company.content.map((c) => c.userId)).toEqual(
      expect.arrayContaining([w.users.customerUser.user.id, w.users.customerAdmin.user.id]),
    );
    // newest first by default, a page at a time
    const times = company.content.map((c) => c.acceptedAt);
    expect(times).toEqual([...times].sort().reverse());
    const first = await get('/user/consents', {
      token: w.token('platformAdmin'),
      query: { companyId: w.companies.CUSTOMER.id, paginationSize: '5', page: '0' },
    });
    expect(first.body.content.length).toBe(Math.min(5, company.totalElements));
  });

  it('exactly one scope: neither or both answer 400', async () => {
    const token = w.token('platformAdmin');
    const neither = await get('/user/consents', { token });
    expect(neither).toMatchObject({
      status: 400,
      body: { details: [{ path: 'companyId', key: 'validation.required' }] },
    });
    const both = await get('/user/consents', {
      token,
      query: { companyId: w.companies.CUSTOMER.id, userId: w.users.customerUser.user.id },
    });
    expect(both.status).toBe(400);
  });
});
