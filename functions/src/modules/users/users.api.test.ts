import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundTask } from '../../model/background-task.js';
import { TASKS_COLLECTION } from '../../platform/tasks/tasks.repository.js';
import { ThrottlesRepository } from '../../data/throttles.repository.js';
import { get, post } from '../../testing/api-client.js';
import { HOSTS } from '../../testing/env.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { waitForQuery } from '../../testing/wait-for-document.js';
import {
  admin,
  createCompany,
  createUser,
  createWorld,
  disposeClients,
  mailsTo,
  PASSWORD,
  signIn,
  uniqueMail,
  type World,
} from '../../testing/fixtures.js';
import { SEND_PASSWORD_RESET } from './send-password-reset.task.js';

/** The portal's address in mails (the stack's, shifted by STACK_PORT_OFFSET), as a regular expression. */
const PORTAL = HOSTS.portal.replace(/[.]/g, '\\.');

let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
});
afterAll(disposeClients);

function registration(mail: string) {
  return {
    user: { name: 'Lena', lastname: 'Schmidt', phoneNumber: '+49-711-555', mail, password: 'geheim123' },
    company: {
      name: 'Schmidt Anlagenbau GmbH',
      type: 'CUSTOMER',
      address: { street: 'Hauptstraße', houseNo: '5a', zip: '70173', city: 'Stuttgart' },
    },
    avbAccepted: true,
    privacyAccepted: true,
  };
}

const newUser = (mail: string, extra: Record<string, unknown> = {}) => ({
  name: 'Tom',
  lastname: 'Neu',
  mail,
  phoneNumber: '0711-1',
  admin: false,
  ...extra,
});

describe('POST /user/register', () => {
  it('creates Auth account, pending CUSTOMER company (info → additionalInfo), admin user, notice to platform admins', async () => {
    const mail = uniqueMail('reg');
    const res = await post('/user/register', { body: registration(mail.toUpperCase()), query: { info: 'Messe 2026' } });
    expect(res.status).toBe(201);
    const { user, company } = res.body;
    expect(company).toMatchObject({
      type: 'CUSTOMER',
      active: true,
      pendingRegistration: true,
      additionalInfo: 'Messe 2026',
      name: 'Schmidt Anlagenbau GmbH',
    });
    expect(user).toMatchObject({
      mail,
      admin: true,
      loginCounter: 1,
      passwordChangeNeeded: false,
      companyId: company.id,
    });
    expect(new Date(user.createDate).toISOString()).toBe(user.createDate);
    expect(user.changeEntries[0]).toMatchObject({ userId: user.id, action: 'register' });
    expect((await admin().auth.getUserByEmail(mail)).uid).toBe(user.id);
    const notices = await mailsTo(w.users.platformAdmin.mail);
    expect(
      notices.some(
        (m) =>
          m.message.subject === 'Neue Registrierung wartet auf Freigabe: Schmidt Anlagenbau GmbH' &&
          m.message.text.includes(mail),
      ),
    ).toBe(true);

    // the registrant can sign in, but is restricted until the release
    const token = await signIn(mail, 'geheim123');
    expect((await get('/user/', { token, query: { id: user.id } })).status).toBe(200);
    expect((await get('/user/all', { token })).body).toMatchObject({ code: 'registrationPending' });
  });

  it('answers 400 with keys for invalid input and 409 mailInUse for a known mail', async () => {
    const bad = await post('/user/register', {
      body: { user: { mail: 'nope', password: '123', phoneNumber: 'abc' }, company: { type: 'SUPPLIER' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: 'user.mail', key: 'validation.email' },
        { path: 'user.password', key: 'validation.passwordMin' },
        { path: 'user.phoneNumber', key: 'validation.phone' },
        { path: 'user.name', key: 'validation.required' },
        { path: 'company.type', key: 'validation.oneOf' },
        { path: 'company.name', key: 'validation.required' },
      ]),
    );
    const dup = await post('/user/register', { body: registration(w.users.customerUser.mail) });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('mailInUse');
  });

  it('rolls the Auth account back when the Firestore part fails (no orphan)', async () => {
    const mail = uniqueMail('orphan');
    // the mail is claimed in Firestore but has no Auth account: Auth succeeds, the transaction fails
    await admin()
      .db.collection('uniqueKeys')
      .doc(`userMail:${mail}`)
      .set({ kind: 'userMail', value: mail, ownerId: 'ghost', companyId: 'nowhere' });
    const res = await post('/user/register', { body: registration(mail) });
    expect(res.status).toBe(409);
    await expect(admin().auth.getUserByEmail(mail)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await admin().db.collection('users').where('mail', '==', mail).get()).empty).toBe(true);
  });
  it('refuses attempts beyond the per-address limit with 429 tooManyRequests and Retry-After, through Hosting', async () => {
    const answers = [];
    // Fresh domains each time: what stops them is the one client address all test requests come from.
    for (let i = 0; i < 8; i++) {
      const res = await post('/user/register', { body: registration(`flood${i}.${Date.now()}@flood-${i}.example`) });
      answers.push(res);
      if (res.status === 429) break;
    }
    const last = answers.at(-1)!;
    expect(answers.slice(0, -1).every((a) => a.status === 201)).toBe(true);
    expect(last).toMatchObject({ status: 429, body: { code: 'tooManyRequests' } });
    const retryAfter = Number(last.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // What a client sends cannot reset it: the portal's front (like Hosting's CDN) sets Fastly-Client-IP itself.
    const forged = await post('/user/register', {
      body: registration(`forged.${Date.now()}@forged.example`),
      headers: { 'x-forwarded-for': '203.0.113.7', 'fastly-client-ip': '203.0.113.7' },
    });
    expect(forged.status).toBe(429);
    // Later files and the e2e tests register from the same address: free it again.
    await new ThrottlesRepository(admin().db).forget();
  });
});

/**
 * GET /user/password/reset only queues a sendPasswordReset task; the Cloud Tasks emulator delivers it to
 * the backgroundTasks function. Waits until every task recorded for `mail` is final (`count` of them).
 */
async function resetTasksDone(mail: string, count = 1): Promise<BackgroundTask[]> {
  const resets = (all: BackgroundTask[]) => all.filter((t) => t.kind === SEND_PASSWORD_RESET);
  const tasks = await waitForQuery<BackgroundTask>(
    admin().db.collection(TASKS_COLLECTION).where('params.mail', '==', mail),
    (all) => resets(all).length >= count && resets(all).every((t) => ['done', 'failed', 'aborted'].includes(t.state)),
  );
  return resets(tasks);
}

describe('passwords', () => {
  it('GET /user/password/reset always answers {sent:true}; mails the portal link only for known accounts', async () => {
    const known = await get('/user/password/reset', { query: { mail: w.users.supplierUser.mail } });
    expect(known).toMatchObject({ status: 200, body: { sent: true } });
    const unknownMail = uniqueMail('nobody');
    expect((await get('/user/password/reset', { query: { mail: unknownMail } })).body).toEqual({ sent: true });
    // the mail is written by the background task (through the Cloud Tasks emulator)
    expect((await resetTasksDone(w.users.supplierUser.mail)).map((t) => t.state)).toEqual(['done']);
    expect((await resetTasksDone(unknownMail)).map((t) => t.state)).toEqual(['done']);
    const [mail] = await mailsTo(w.users.supplierUser.mail);
    expect(mail!.message.subject).toContain('Passwort zurücksetzen');
    expect(mail!.message.text).toMatch(new RegExp(`${PORTAL}/action\\?mode=resetPassword&oobCode=[\\w-]+`));
    expect(await mailsTo(unknownMail)).toHaveLength(0);
    expect((await get('/user/password/reset', { query: { mail: 'kaputt' } })).status).toBe(400);
  });

  it('GET /user/password/reset sends at most one mail per address and minute', async () => {
    const u = await createUser(await createCompany('CUSTOMER'), { signIn: false });
    const answers = await Promise.all([1, 2, 3].map(() => get('/user/password/reset', { query: { mail: u.mail } })));
    expect(answers.map((a) => a.body)).toEqual([{ sent: true }, { sent: true }, { sent: true }]);
    // one task recorded (the throttle refused the others before creating one), delivered in the background
    expect(await resetTasksDone(u.mail)).toHaveLength(1);
    const resets = (await mailsTo(u.mail)).filter((m) => m.message.subject.includes('Passwort zurücksetzen'));
    expect(resets).toHaveLength(1);
  });

  it('POST /user/password/reset sets the own password and clears passwordChangeNeeded; not for others', async () => {
    const company = await createCompany('SUPPLIER');
    const u = await createUser(company, { passwordChangeNeeded: true, admin: true });
    expect((await get('/company/all', { token: u.token })).status).toBe(403);
    expect((await get('/user/all', { token: u.token })).body.code).toBe('passwordChangeNeeded');
    const other = await post('/user/password/reset', {
      token: u.token,
      body: { mail: w.users.customerUser.mail, password: 'neuesPasswort1' },
    });
    expect(other.status).toBe(403);
    const short = await post('/user/password/reset', { token: u.token, body: { mail: u.mail, password: '123' } });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ path: 'password', key: 'validation.passwordMin' }]);
    const ok = await post('/user/password/reset', {
      token: u.token,
      body: { mail: u.mail, password: 'neuesPasswort1' },
    });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    expect((await admin().db.collection('users').doc(u.user.id).get()).data()!.passwordChangeNeeded).toBe(false);
    // a password change ends all older sessions; a fresh sign-in with the new password has full access
    const token = await signIn(u.mail, 'neuesPasswort1');
    expect((await get('/user/all', { token })).status).toBe(200);
    expect((await post('/user/password/reset', { body: { mail: u.mail, password: 'x1234567' } })).status).toBe(401);
  });
});

describe('login counter and last login', () => {
  it('increments atomically and records lastLoginAt; only for oneself', async () => {
    const u = w.users.customerUser;
    const before = (await get('/user/', { token: u.token, query: { id: u.user.id } })).body.loginCounter;
    const results = await Promise.all(
      [1, 2, 3].map(() => get('/user/update/counter', { token: u.token, query: { userId: u.user.id } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await get('/user/', { token: u.token, query: { id: u.user.id } });
    expect(after.body.loginCounter).toBe(before + 3);
    expect(Date.now() - new Date(after.body.lastLoginAt).getTime()).toBeLessThan(60_000);
    expect(
      (await get('/user/update/counter', { token: u.token, query: { userId: w.users.customerAdmin.user.id } })).status,
    ).toBe(403);

    const last = await get('/user/lastlogin', { token: w.users.adminUser.token });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ mail: u.mail, lastLoginAt: after.body.lastLoginAt });
  });
});

describe('reading users', () => {
  it('GET /user/ returns the user with its company; 404 for unknown ids (platform admin); 400 without id', async () => {
    const res = await get('/user/', {
      token: w.users.customerAdmin.token,
      query: { id: w.users.customerUser.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: w.users.customerUser.user.id,
      mail: w.users.customerUser.mail,
      company: { id: w.companies.CUSTOMER.id, name: w.companies.CUSTOMER.name },
    });
    expect((await get('/user/', { token: w.users.platformAdmin.token, query: { id: 'does-not-exist' } })).status).toBe(
      404,
    );
    expect((await get('/user/', { token: w.users.platformAdmin.token })).status).toBe(400);
  });

  it('GET /user/all: ADMIN company sees everybody, company admins their own company', async () => {
    const all = await get('/user/all', { token: w.users.adminUser.token });
    expect(all.status).toBe(200);
    const mails = all.body.map((u: { mail: string }) => u.mail);
    for (const u of Object.values(w.users)) expect(mails).toContain(u.mail);
    expect(all.body.find((u: { mail: string }) => u.mail === w.users.supplierUser.mail).company).toEqual({
      id: w.companies.SUPPLIER.id,
      name: w.companies.SUPPLIER.name,
      type: 'SUPPLIER',
    });
    const own = await get('/user/all', { token: w.users.supplierAdmin.token });
    expect(own.body.map((u: { mail: string }) => u.mail).sort()).toEqual(
      [w.users.supplierAdmin.mail, w.users.supplierUser.mail].sort(),
    );
  });

  it('GET /user/company lists the users of one company', async () => {
    const res = await get('/user/company', {
      token: w.users.platformAdmin.token,
      query: { companyId: w.companies.CUSTOMER.id },
    });
    expect(res.body.map((u: { mail: string }) => u.mail).sort()).toEqual(
      [w.users.customerAdmin.mail, w.users.customerUser.mail].sort(),
    );
    expect(
      (
        await get('/user/company', {
          token: w.users.customerAdmin.token,
          query: { companyId: w.companies.SUPPLIER.id },
        })
      ).status,
    ).toBe(403);
  });
});

describe('POST /user/ (create)', () => {
  it('platform admin: Auth account, passwordChangeNeeded, invitation mail with set-password link', async () => {
    const mail = uniqueMail('invite');
    const res = await post('/user/', {
      token: w.users.platformAdmin.token,
      body: newUser(mail, { companyId: w.companies.SUPPLIER.id, admin: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      mail,
      companyId: w.companies.SUPPLIER.id,
      admin: true,
      passwordChangeNeeded: true,
      loginCounter: 1,
    });
    expect((await admin().auth.getUser(res.body.id)).email).toBe(mail);
    const [invitation] = await mailsTo(mail);
    expect(invitation!.message.subject).toBe('Ihr Zugang zum Schrankwerk-Portal');
    expect(invitation!.message.text).toContain(w.companies.SUPPLIER.name);
    expect(invitation!.message.html).toMatch(new RegExp(`href="${PORTAL}/action\\?mode=resetPassword&amp;oobCode=`));
  });

  it('company admin: the company is forced to the own one', async () => {
    const mail = uniqueMail('forced');
    const res = await post('/user/', {
      token: w.users.customerAdmin.token,
      body: newUser(mail, { companyId: w.companies.SUPPLIER.id }),
    });
    expect(res.status).toBe(201);
    expect(res.body.companyId).toBe(w.companies.CUSTOMER.id);
  });

  it('400 without company (platform admin) or with bad fields, 409 known mail, 412 inactive company, 200 mailExternal', async () => {
    const noCompany = await post('/user/', { token: w.users.platformAdmin.token, body: newUser(uniqueMail()) });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.details).toEqual([{ path: 'companyId', key: 'validation.required' }]);
    const bad = await post('/user/', {
      token: w.users.customerAdmin.token,
      body: { mail: 'x', phoneNumber: 'call me' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: 'mail', key: 'validation.email' },
        { path: 'phoneNumber', key: 'validation.phone' },
        { path: 'name', key: 'validation.required' },
      ]),
    );
    const dup = await post('/user/', {
      token: w.users.customerAdmin.token,
      body: newUser(w.users.supplierUser.mail.toUpperCase()),
    });
    expect(dup).toMatchObject({ status: 409, body: { code: 'mailInUse' } });
    const inactive = await createCompany('SUPPLIER', { active: false });
    const closed = await post('/user/', {
      token: w.users.platformAdmin.token,
      body: newUser(uniqueMail(), { companyId: inactive.id }),
    });
    expect(closed).toMatchObject({ status: 412, body: { code: 'companyNotActive' } });
    const pending = await createCompany('CUSTOMER', { pendingRegistration: true });
    for (const companyId of [pending.id, w.companies.EXTERNAL.id]) {
      const refused = await post('/user/', {
        token: w.users.platformAdmin.token,
        body: newUser(uniqueMail(), { companyId }),
      });
      expect(refused).toMatchObject({ status: 412, body: { code: 'companyNotActive' } });
      const moved = await post('/user/update', {
        token: w.users.platformAdmin.token,
        body: { ...newUser(w.users.supplierUser.mail), id: w.users.supplierUser.user.id, companyId },
      });
      expect(moved).toMatchObject({ status: 412, body: { code: 'companyNotActive' } });
    }
    const external = await post('/user/', {
      token: w.users.customerAdmin.token,
      body: newUser(w.users.externalUser.mail),
    });
    expect(external).toMatchObject({ status: 200, body: { code: 'mailExternal' } });
  });

  it('e-mail uniqueness under concurrency: 5 parallel creates of one mail → exactly one 201', async () => {
    const mail = uniqueMail('race');
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        post('/user/', {
          token: i % 2 ? w.users.customerAdmin.token : w.users.platformAdmin.token,
          body: newUser(mail, { companyId: w.companies.CUSTOMER.id }),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'mailInUse')).toBe(true);
    expect((await admin().db.collection('users').where('mail', '==', mail).get()).size).toBe(1);
  });
});

describe('POST /user/update', () => {
  it('self may change name/lastname/phone only; mail and admin flag stay', async () => {
    const company = await createCompany('CUSTOMER');
    const u = await createUser(company);
    const res = await post('/user/update', {
      token: u.token,
      body: { ...newUser('hijack@evil.de', { admin: true }), id: u.user.id, name: 'Neuer', phoneNumber: '+49-1-2' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Neuer', phoneNumber: '+49-1-2', mail: u.mail, admin: false });
    expect(res.body.changeEntries.at(-1)).toMatchObject({ userId: u.user.id, action: 'update' });
  });

  it('manager changes mail (Auth follows, claim moves) and admin flag; 409 for a taken mail; 404 unknown', async () => {
    const u = await createUser(w.companies.CUSTOMER);
    const mail = uniqueMail('moved');
    const res = await post('/user/update', {
      token: w.users.customerAdmin.token,
      body: { ...newUser(mail, { admin: true }), id: u.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mail, admin: true });
    expect((await admin().auth.getUser(u.user.id)).email).toBe(mail);
    // the old mail is free again, the new one is taken
    expect((await post('/user/', { token: w.users.customerAdmin.token, body: newUser(u.mail) })).status).toBe(201);
    const taken = await post('/user/update', {
      token: w.users.customerAdmin.token,
      body: { ...newUser(w.users.customerUser.mail), id: u.user.id },
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'mailInUse' } });
    expect((await admin().auth.getUser(u.user.id)).email).toBe(mail);
    expect(
      (
        await post('/user/update', {
          token: w.users.platformAdmin.token,
          body: { ...newUser(uniqueMail()), id: 'missing' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post('/user/update', {
          token: w.users.supplierAdmin.token,
          body: { ...newUser(uniqueMail()), id: u.user.id },
        })
      ).status,
    ).toBe(403);
  });
});

describe('admin omitted in /user/update', () => {
  it('leaves the flag unchanged', async () => {
    const u = await createUser(w.companies.CUSTOMER, { admin: true });
    const { admin: _omitted, ...body } = newUser(u.mail);
    const res = await post('/user/update', { token: w.users.platformAdmin.token, body: { ...body, id: u.user.id } });
    expect(res).toMatchObject({ status: 200, body: { admin: true } });
  });
});

describe('no lock-out', () => {
  it('nobody changes his own admin flag or company; another platform admin may be demoted and deleted', async () => {
    const me = await createUser(w.companies.ADMIN, { admin: true });
    const self = await post('/user/update', {
      token: me.token,
      body: { ...newUser(me.mail, { admin: false, companyId: w.companies.CUSTOMER.id }), id: me.user.id },
    });
    expect(self).toMatchObject({ status: 200, body: { admin: true, companyId: w.companies.ADMIN.id } });
    const companyAdmin = w.users.customerAdmin;
    const own = await post('/user/update', {
      token: companyAdmin.token,
      body: {
        ...newUser(companyAdmin.mail, { admin: false }),
        id: companyAdmin.user.id,
        name: companyAdmin.user.name,
        lastname: companyAdmin.user.lastname,
      },
    });
    expect(own).toMatchObject({ status: 200, body: { admin: true } });
    // the last-admin check (a query inside the transaction) lets this pass: other platform admins exist
    const other = await createUser(w.companies.ADMIN, { admin: true });
    const demoted = await post('/user/update', {
      token: me.token,
      body: { ...newUser(other.mail, { admin: false }), id: other.user.id },
    });
    expect(demoted).toMatchObject({ status: 200, body: { admin: false } });
    const third = await createUser(w.companies.ADMIN, { admin: true });
    expect((await post('/user/delete', { token: me.token, query: { userId: third.user.id } })).status).toBe(200);
  });
});

describe('POST /user/delete', () => {
  it('deletes user and Auth account; never oneself; 404 unknown; mail reusable', async () => {
    const u = await createUser(w.companies.SUPPLIER);
    expect(
      (
        await post('/user/delete', {
          token: w.users.supplierAdmin.token,
          query: { userId: w.users.supplierAdmin.user.id },
        })
      ).status,
    ).toBe(403);
    const res = await post('/user/delete', { token: w.users.supplierAdmin.token, query: { userId: u.user.id } });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await admin().db.collection('users').doc(u.user.id).get()).exists).toBe(false);
    await expect(admin().auth.getUser(u.user.id)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await get('/user/all', { token: u.token })).status).toBe(401);
    expect(
      (await post('/user/delete', { token: w.users.platformAdmin.token, query: { userId: u.user.id } })).status,
    ).toBe(404);
    expect((await post('/user/', { token: w.users.supplierAdmin.token, body: newUser(u.mail) })).status).toBe(201);
    expect(PASSWORD).toBeTruthy();
  });
});
