import { USERS_PORT } from './users.port.js';
import type { AddressInfo } from 'node:net';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { createApp } from '../../app.js';
import { createModules } from '../../modules.js';
import type { EnqueueOptions } from '../../platform/tasks/task-queue.js';
import { TEST_CONFIG } from '../../testing/config.js';
import { REGISTRATION_DIGEST } from './registration-digest.task.js';
import {
  addressKey,
  mailDomainKey,
  REGISTRATION_DIGEST_INTERVAL_MS,
  REGISTRATION_LIMITS,
} from './registration-limits.js';

// POST /user/register throttles and the admins' digest, through the real app on our Firestore emulator
// (a project per test, so each starts without throttle uses), with a stub Auth and a recording queue.
// The client address is what Hosting's CDN reports (Fastly-Client-IP); without it (a direct call of the function)
// the right-most X-Forwarded-For hop (http/client-address.ts).

let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());

const T0 = new Date('2026-11-23T08:00:00Z');
const HOUR = 60 * 60_000;
let project = 0;

/** Auth with just what registration and provisioning call; `created` lists the accounts ever made. */
function stubAuth() {
  const accounts = new Map<string, string>();
  const created: string[] = [];
  let n = 0;
  const auth = {
    app: {},
    async createUser({ email }: { email: string }) {
      if (accounts.has(email)) throw Object.assign(new Error('exists'), { code: 'auth/email-already-exists' });
      const uid = `uid-${++n}`;
      accounts.set(email, uid);
      created.push(email);
      return { uid };
    },
    async deleteUser(uid: string) {
      for (const [mail, id] of accounts) if (id === uid) accounts.delete(mail);
    },
  };
  return { auth: auth as unknown as Auth, created };
}

async function setup() {
  const db = env.client(`reg-${++project}`) as unknown as Firestore;
  let time = T0.getTime();
  const clock = {
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms;
    },
  };
  const enqueued: Array<{ taskId: string; name: string; notBefore?: Date }> = [];
  const { auth, created } = stubAuth();
  const container = createModules({
    db,
    auth,
    config: TEST_CONFIG,
    now: clock.now,
    taskQueue: {
      async enqueue(taskId: string, name: string, opts?: EnqueueOptions) {
        enqueued.push({ taskId, name, ...(opts?.notBefore ? { notBefore: opts.notBefore } : {}) });
      },
    },
    verifier: {
      verifyIdToken: async () => {
        throw Object.assign(new Error('no tokens here'), { code: 'auth/argument-error' });
      },
    },
  });
  const server = createApp(container).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let seq = 0;
  /** Registers `mail`; `xff` is the X-Forwarded-For header as it reaches the function. */
  async function register(mail: string, xff?: string) {
    const res = await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(xff ? { 'x-forwarded-for': xff } : {}) },
      body: JSON.stringify({
        user: { name: 'Lena', lastname: `Schmidt${++seq}`, phoneNumber: '+49-711-555', mail, password: 'geheim123' },
        company: {
          name: `Firma ${mail}`,
          type: 'CUSTOMER',
          address: { street: 'Hauptstraße', houseNo: '5a', zip: '70173', city: 'Stuttgart' },
        },
        avbAccepted: true,
        privacyAccepted: true,
      }),
    });
    return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
  }
  async function mails() {
    const snap = await db.collection('mail').get();
    return snap.docs
      .map((d) => d.data() as { to: string[]; message: { subject: string; text: string }; createdAt: unknown })
      .filter((m) => m.message.subject.includes('Registrierung'));
  }
  return { db, container, clock, enqueued, created, register, mails, close: () => server.close() };
}

const refused = (retryAfter: string) => ({
  status: 429,
  body: { code: 'tooManyRequests', message: 'tooManyRequests' },
  retryAfter,
});

describe('throttle keys', () => {
  it('an address is the IPv4 itself, an IPv6 its /64; a mail its registrable domain, free-mail included', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8::5]')).toBe('2001:db8:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('evil, 1.2.3.4')).toBe('unknown');
    expect(mailDomainKey('a@Einkauf.Firma.DE')).toBe('firma.de');
    expect(mailDomainKey('a@firma.de')).toBe('firma.de');
    expect(mailDomainKey('a@shop.firma.co.uk')).toBe('firma.co.uk');
    expect(mailDomainKey('max.muster+1@gmail.com')).toBe('gmail.com');
  });
});

describe('POST /user/register per client address', () => {
  it(`allows ${REGISTRATION_LIMITS.perAddress} an hour from the appended hop; the spoofed left part does not help`, async () => {
    const s = await setup();
    try {
      for (let i = 0; i < REGISTRATION_LIMITS.perAddress; i++)
        expect((await s.register(`a${i}@firma${i}.de`, `10.9.9.${i}, 203.0.113.9`)).status).toBe(201);
      // A fresh left part (what a client controls) is still the same appended address: refused.
      expect(await s.register('a9@firma9.de', '198.51.100.77, 203.0.113.9')).toMatchObject(refused('3600'));
      expect(await s.register('a10@firma10.de', '203.0.113.9')).toMatchObject(refused('3600'));
      expect(s.created).not.toContain('a9@firma9.de');
      // Another appended address is unaffected, even when it claims the refused one on the left.
      expect((await s.register('b1@other1.de', '203.0.113.9, 198.51.100.7')).status).toBe(201);
      // The oldest use leaves the window after an hour.
      s.clock.advance(20 * 60_000);
      expect(await s.register('a11@firma11.de', '203.0.113.9')).toMatchObject(refused('2400'));
      s.clock.advance(HOUR - 20 * 60_000);
      expect((await s.register('a12@firma12.de', '203.0.113.9')).status).toBe(201);
    } finally {
      s.close();
    }
  });

  it('counts an IPv6 /64 as one address', async () => {
    const s = await setup();
    try {
      for (let i = 0; i < REGISTRATION_LIMITS.perAddress; i++)
        expect((await s.register(`v${i}@v6firma${i}.de`, `2001:db8:7:7::${i + 1}`)).status).toBe(201);
      expect((await s.register('v9@v6firma9.de', '2001:db8:7:7:ffff::9')).status).toBe(429);
      expect((await s.register('v10@v6firma10.de', '2001:db8:7:8::1')).status).toBe(201);
    } finally {
      s.close();
    }
  });
});

describe('POST /user/register per mail domain', () => {
  it(`allows ${REGISTRATION_LIMITS.perDomain} an hour per domain (subdomains and free-mail included); others unaffected`, async () => {
    const s = await setup();
    try {
      for (let i = 0; i < REGISTRATION_LIMITS.perDomain; i++)
        expect((await s.register(`m${i}@flood.de`, `192.0.2.${i + 1}`)).status).toBe(201);
      expect(await s.register('m9@einkauf.flood.de', '192.0.2.50')).toMatchObject(refused('3600'));
      expect(s.created).not.toContain('m9@einkauf.flood.de');
      expect((await s.register('m9@other.de', '192.0.2.51')).status).toBe(201);
      for (let i = 0; i < REGISTRATION_LIMITS.perDomain; i++)
        expect((await s.register(`free${i}@gmail.com`, `192.0.2.${60 + i}`)).status).toBe(201);
      expect((await s.register('free9@gmail.com', '192.0.2.70')).status).toBe(429);
    } finally {
      s.close();
    }
  });

  it('an invalid body is refused before the throttles and uses none of them', async () => {
    const s = await setup();
    try {
      for (let i = 0; i < 5; i++) expect((await s.register('kaputt', '192.0.2.200')).status).toBe(400);
      expect((await s.register('ok@valid.de', '192.0.2.200')).status).toBe(201);
    } finally {
      s.close();
    }
  });
});

describe('POST /user/register global ceiling', () => {
  it(`allows ${REGISTRATION_LIMITS.pendingGlobal} pending registrations an hour from everybody together`, async () => {
    const s = await setup();
    try {
      const n = REGISTRATION_LIMITS.pendingGlobal;
      for (let i = 0; i < n; i++) {
        const res = await s.register(`g${i}@global${Math.floor(i / 3)}.de`, `10.1.${Math.floor(i / 5)}.1`);
        expect(res.status, `registration ${i}`).toBe(201);
        s.clock.advance(60_000);
      }
      // A fresh address and domain: refused by the ceiling, before an Auth account is created.
      const res = await s.register('late@fresh.de', '10.2.0.1');
      expect(res).toMatchObject({ status: 429, body: { code: 'tooManyRequests' } });
      // The first of the hour's registrations leaves the window 60 minutes after it: 10 minutes from now.
      expect(res.retryAfter).toBe(String(10 * 60));
      expect(s.created).not.toContain('late@fresh.de');
      // A registration that fails (mail in use) does not count as pending.
      s.clock.advance(10 * 60_000);
      expect((await s.register('g48@global16.de', '10.3.0.1')).status).toBe(409);
      expect((await s.register('late@fresh.de', '10.3.0.2')).status).toBe(201);
      expect((await s.register('later@fresh2.de', '10.3.0.3')).status).toBe(429);
    } finally {
      s.close();
    }
  });
});

describe('the platform admins get a digest of registrations', () => {
  it('the first registration is announced at once; the next two share one digest at the end of the interval', async () => {
    const s = await setup();
    try {
      await s.db
        .collection('companies')
        .doc('adm')
        .set({
          id: 'adm',
          name: 'Schrankwerk',
          type: 'ADMIN',
          active: true,
          pendingRegistration: false,
          address: { street: 'S', houseNo: '1', zip: '70565', city: 'Stuttgart' },
        });
      await s.container.ports.get(USERS_PORT).users.provision({
        input: { name: 'Paula', lastname: 'Admin', mail: 'pa@schrankwerk.de', phoneNumber: '1', admin: true },
        companyId: 'adm',
        actorId: 'test',
        password: 'geheim123',
      });

      expect((await s.register('first@a-firma.de', '192.0.2.1')).status).toBe(201);
      const [first, ...none] = await s.mails();
      expect(none).toEqual([]);
      expect(first).toMatchObject({
        to: ['pa@schrankwerk.de'],
        message: { subject: 'Neue Registrierung wartet auf Freigabe: Firma first@a-firma.de' },
      });

      s.clock.advance(60_000);
      expect((await s.register('second@b-firma.de', '192.0.2.2')).status).toBe(201);
      s.clock.advance(60_000);
      expect((await s.register('third@c-firma.de', '192.0.2.3')).status).toBe(201);
      expect(await s.mails()).toHaveLength(1);
      const tasks = await s.db.collection('backgroundTasks').where('kind', '==', REGISTRATION_DIGEST).get();
      expect(tasks.size).toBe(2);
      // One digest task for both, queued for the end of the interval after the first mail.
      const later = s.enqueued.filter((e) => e.notBefore);
      expect(later).toHaveLength(1);
      expect(later[0]!.notBefore).toEqual(new Date(T0.getTime() + REGISTRATION_DIGEST_INTERVAL_MS));
      // Recovery leaves the delayed task alone until well after it is due.
      const scheduled = await s.container.platform.tasks.repo.get(later[0]!.taskId);
      expect(scheduled!.resumeAt!.getTime()).toBeGreaterThan(later[0]!.notBefore!.getTime());

      s.clock.advance(REGISTRATION_DIGEST_INTERVAL_MS - 2 * 60_000);
      const runner = s.container.platform.tasks;
      expect(await runner.deliver(later[0]!.taskId, { id: 'digest', lastAttempt: false })).toBe('done');
      const all = await s.mails();
      expect(all).toHaveLength(2);
      const digest = all.find((m) => m.message.subject !== first!.message.subject)!;
      expect(digest.to).toEqual(['pa@schrankwerk.de']);
      expect(digest.message.subject).toBe('2 neue Registrierungen warten auf Freigabe');
      expect(digest.message.text).toContain(
        'Firma second@b-firma.de (Ansprechpartner: Lena Schmidt2, second@b-firma.de)',
      );
      expect(digest.message.text).toContain(
        'Firma third@c-firma.de (Ansprechpartner: Lena Schmidt3, third@c-firma.de)',
      );
      expect(digest.message.text).not.toContain('first@a-firma.de');
      // A redelivery sends nothing more; the next registration waits for the next interval.
      expect(await runner.deliver(later[0]!.taskId, { id: 'again', lastAttempt: false })).toBe('final');
      expect((await s.register('fourth@d-firma.de', '192.0.2.4')).status).toBe(201);
      expect(await s.mails()).toHaveLength(2);
      const next = s.enqueued.filter((e) => e.notBefore);
      expect(next).toHaveLength(2);
      expect(next[1]!.notBefore).toEqual(new Date(T0.getTime() + 2 * REGISTRATION_DIGEST_INTERVAL_MS));
    } finally {
      s.close();
    }
  });
});
