import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { ThrottlesRepository } from '../../data/throttles.repository.js';
import { type ApiError } from '../../platform/api-error.js';
import { defaultFolderSettings, FOLDER_DEVICE_TTL_MS, FOLDER_TOKEN_TTL_MS } from '../../model/business-data.js';
import type { Offer } from '../../model/offer.js';
import { AnonymousAccess, checkLimits } from './anonymous-access.js';
import { BusinessDataRepository, tokenKey, type FolderRecord } from './business-data.repository.js';
import { factsOf, type FolderResolver, type ResolvedFolder } from './folder-resolver.js';
import { ARGON2_PARAMS, hashPassword } from './password-hash.js';

/** The folder tokens and the throttle of the password link, on our Firestore emulator (no stack needed). */
let env: TestEnv;
let db: Firestore;
let folders: BusinessDataRepository;
let clock = new Date('2026-06-15T10:00:00Z');
const now = () => clock;

beforeAll(async () => {
  env = await startEnv();
  db = env.db as unknown as Firestore;
  folders = new BusinessDataRepository(db);
});
afterAll(() => env.close());

const offer = (id: string, over: Partial<Offer> = {}) =>
  ({
    id,
    supplierId: 's',
    customerId: 'c',
    released: true,
    state: 'OPEN',
    archived: false,
    referenceNumber: `R-${id}`,
    ...over,
  }) as Offer;

/** A resolver over the stored records: offer id = folder id. */
const resolver = {
  async byOfferId(id: string): Promise<ResolvedFolder | undefined> {
    const record = await folders.get(id);
    if (!record) return undefined;
    const newest = offer(id, (record as FolderRecord & { offer?: Partial<Offer> }).offer);
    return {
      folderId: id,
      record,
      offerIds: [id],
      newest,
      shown: newest,
      facts: factsOf(
        { supplierId: 's', customerId: 'c', released: newest.released, state: newest.state, archived: newest.archived },
        record,
      ),
    };
  },
} as unknown as FolderResolver;

/**
 * The folders' passwords are hashed at Argon2id's smallest cost: these tests count attempts (150 wrong ones in a
 * test), and a hash verifies at the parameters stored with it. The production cost: password-hash.test.ts.
 */
const CHEAP_HASH = { ...ARGON2_PARAMS, memoryKiB: 64, passes: 1 };

let seq = 0;
async function folderWithPassword(password = 'geheim-1', over: Partial<FolderRecord['settings']> = {}) {
  const id = `folder${++seq}`;
  await db
    .collection('businessData')
    .doc(id)
    .set({
      offerIds: [id],
      currentOfferId: id,
      supplierId: 's',
      customerId: 'c',
      items: {
        a1: {
          filename: 'Plan.pdf',
          path: `business-data/${id}/Plan.pdf`,
          downloadCounter: 0,
          lastUpdate: clock,
          uploadedByName: 'X',
        },
      },
      settings: { ...defaultFolderSettings(), allowAnonymous: true, hasPassword: true, ...over },
      passwordVersion: 1,
      createDate: clock,
      lastUpdate: clock,
    });
  await db
    .collection('businessDataSecrets')
    .doc(id)
    .set(await hashPassword(password, CHEAP_HASH));
  return id;
}

const access = () => new AnonymousAccess({ folders, resolver, throttles: new ThrottlesRepository(db), now });
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: ApiError) => `${e.status} ${e.code}`,
  );

describe('folder tokens', () => {
  it('a correct password issues a 32-byte token stored only as its SHA-256, with the folder, version and expiry', async () => {
    const id = await folderWithPassword();
    const answer = await access().check(id, 'geheim-1', '198.51.100.1');
    expect(Buffer.from(answer.token, 'base64url')).toHaveLength(32);
    expect(answer.expiresAt.getTime() - clock.getTime()).toBe(FOLDER_TOKEN_TTL_MS);
    expect(answer.folder.items.map((i) => i.filename)).toEqual(['Plan.pdf']);
    const stored = await db.collection('businessDataTokens').doc(tokenKey(answer.token)).get();
    expect(stored.data()).toMatchObject({ folderId: id, passwordVersion: 1 });
    expect(JSON.stringify(stored.data())).not.toContain(answer.token);
  });

  it('counts for its folder only, until it expires, while its password version is current and anonymous access on', async () => {
    const id = await folderWithPassword();
    const other = await folderWithPassword();
    const { token } = await access().check(id, 'geheim-1', undefined);
    expect((await access().folderFor(token, id)).folderId).toBe(id);
    expect(await code(access().folderFor(token, other))).toBe('401 folderTokenInvalid');
    expect(await code(access().folderFor(undefined, id))).toBe('401 folderTokenInvalid');
    expect(await code(access().folderFor('erfunden', id))).toBe('401 folderTokenInvalid');
    // expiry
    const issued = clock;
    clock = new Date(issued.getTime() + FOLDER_TOKEN_TTL_MS + 1);
    expect(await code(access().folderFor(token, id))).toBe('401 folderTokenInvalid');
    clock = issued;
    // a new password version
    await db.collection('businessData').doc(id).update({ passwordVersion: 2 });
    expect(await code(access().folderFor(token, id))).toBe('401 folderTokenInvalid');
    // anonymous access off
    const fresh = (await access().check(id, 'geheim-1', undefined)).token;
    expect((await access().folderFor(fresh, id)).folderId).toBe(id);
    await db.collection('businessData').doc(id).update({ 'settings.allowAnonymous': false });
    expect(await code(access().folderFor(fresh, id))).toBe('401 folderTokenInvalid');
  });

  it('412 notAllowed when anonymous access is off, no password is set, the offer is closed, or unknown', async () => {
    expect(
      await code(
        access().check(await folderWithPassword('x-123456', { allowAnonymous: false }), 'x-123456', undefined),
      ),
    ).toBe('412 notAllowed');
    expect(
      await code(access().check(await folderWithPassword('x-123456', { hasPassword: false }), 'x-123456', undefined)),
    ).toBe('412 notAllowed');
    const declined = await folderWithPassword('x-123456');
    await db
      .collection('businessData')
      .doc(declined)
      .update({ offer: { state: 'DECLINED' } });
    expect(await code(access().check(declined, 'x-123456', undefined))).toBe('412 notAllowed');
    expect(await code(access().check('gibtEsNicht', 'x-123456', undefined))).toBe('412 notAllowed');
  });
});

describe('password throttle', () => {
  it('10 failures per address: then 429 for everybody at that address, a correct password too, without a hash', async () => {
    const id = await folderWithPassword();
    for (let i = 0; i < 10; i++)
      expect(await code(access().check(id, `falsch${i}`, '198.51.100.7'))).toBe('403 wrongPassword');
    const secret = vi.spyOn(folders, 'secret');
    const locked = await access()
      .check(id, 'geheim-1', '198.51.100.7')
      .catch((e: ApiError) => e);
    expect(locked).toMatchObject({ status: 429, code: 'tooManyRequests' });
    expect((locked as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(secret).not.toHaveBeenCalled();
    secret.mockRestore();
    // another address is not affected; correct passwords are not counted
    expect(await code(access().check(id, 'geheim-1', '198.51.100.8'))).toBe('ok');
    expect(await code(access().check(id, 'geheim-1', '2001:db8:1:2::5'))).toBe('ok');
  });

  it('attempts that arrive at once: at most 10 failures are evaluated per address, the rest 429 before any hash', async () => {
    const id = await folderWithPassword();
    const address = '198.51.100.9';
    const secret = vi.spyOn(folders, 'secret');
    const attempts = [...Array.from({ length: 24 }, (_, i) => `falsch${i}`), 'geheim-1'];
    const answers = await Promise.all(attempts.map((p) => code(access().check(id, p, address))));
    const evaluated = secret.mock.calls.length;
    secret.mockRestore();
    const failures = answers.filter((a) => a === '403 wrongPassword').length;
    expect(failures).toBe(10);
    expect(answers.filter((a) => a === '429 tooManyRequests')).toHaveLength(answers.length - evaluated);
    expect(answers.every((a) => ['403 wrongPassword', '429 tooManyRequests', 'ok'].includes(a))).toBe(true);
    // the stored uses are the failures only: a right password among the evaluated gave its use back
    const key = checkLimits(id, address)[0]!.key;
    expect((await db.collection('throttles').doc(key).get()).get('uses')).toHaveLength(10);
    // a flood: nothing more is evaluated while the limit is exhausted
    const flood = await Promise.all(Array.from({ length: 60 }, () => code(access().check(id, 'geheim-1', address))));
    expect(new Set(flood)).toEqual(new Set(['429 tooManyRequests']));
  });

  it('a right password gives its counted attempt back', async () => {
    const id = await folderWithPassword();
    for (let i = 0; i < 12; i++) expect(await code(access().check(id, 'geheim-1', '198.51.100.10'))).toBe('ok');
    const key = checkLimits(id, '198.51.100.10')[0]!.key;
    expect((await db.collection('throttles').doc(key).get()).get('uses')).toEqual([]);
  });

  it('50 failures per folder and hour from everybody', async () => {
    const id = await folderWithPassword();
    for (let i = 0; i < 50; i++) await code(access().check(id, 'falsch', `203.0.113.${i}`));
    expect(await code(access().check(id, 'geheim-1', '203.0.113.200'))).toBe('429 tooManyRequests');
    expect(checkLimits(id, '203.0.113.1').map((l) => [l.limit, l.windowMs])).toEqual([
      [10, 30 * 60_000],
      [50, 60 * 60_000],
    ]);
  });
});

describe('device tokens (issue 35: the folder-wide limit does not lock out who had the password)', () => {
  it('a right password issues one, stored only as its SHA-256 apart from the folder tokens; sent back, it is kept', async () => {
    const id = await folderWithPassword();
    const { deviceToken, token } = await access().check(id, 'geheim-1', '198.51.100.20');
    expect(Buffer.from(deviceToken, 'base64url')).toHaveLength(32);
    const stored = await db.collection('businessDataDevices').doc(tokenKey(deviceToken)).get();
    expect(stored.data()).toMatchObject({ folderId: id, passwordVersion: 1 });
    expect(JSON.stringify(stored.data())).not.toContain(deviceToken);
    expect(await code(access().folderFor(deviceToken, id))).toBe('401 folderTokenInvalid');
    expect(deviceToken).not.toBe(token);
    expect((await access().check(id, 'geheim-1', '198.51.100.21', deviceToken)).deviceToken).toBe(deviceToken);
  });

  it('its holder passes while the folder-wide limit is exhausted; his failures count per device token', async () => {
    const id = await folderWithPassword();
    const { deviceToken } = await access().check(id, 'geheim-1', '198.51.100.22');
    for (let i = 0; i < 50; i++) await code(access().check(id, 'falsch', `203.0.114.${i}`));
    expect(await code(access().check(id, 'geheim-1', '203.0.114.200'))).toBe('429 tooManyRequests');
    expect(await code(access().check(id, 'geheim-1', '203.0.114.200', 'erfunden'))).toBe('429 tooManyRequests');
    expect(await code(access().check(id, 'geheim-1', '203.0.114.200', deviceToken))).toBe('ok');
    for (let i = 0; i < 10; i++)
      expect(await code(access().check(id, `falsch${i}`, `203.0.115.${i}`, deviceToken))).toBe('403 wrongPassword');
    expect(await code(access().check(id, 'geheim-1', '203.0.115.99', deviceToken))).toBe('429 tooManyRequests');
    expect(checkLimits(id, '203.0.115.1', undefined, deviceToken).map((l) => [l.key, l.limit, l.windowMs])).toEqual([
      [`businessDataCheck:device:${id}:${tokenKey(deviceToken)}`, 10, 30 * 60_000],
    ]);
  });

  it('counts only for its folder, its password version, and until it expires', async () => {
    const id = await folderWithPassword();
    const other = await folderWithPassword();
    const { deviceToken } = await access().check(id, 'geheim-1', '198.51.100.23');
    for (const folder of [id, other])
      for (let i = 0; i < 50; i++) await code(access().check(folder, 'falsch', `203.0.116.${i}`));
    expect(await code(access().check(other, 'geheim-1', '198.51.100.23', deviceToken))).toBe('429 tooManyRequests');
    const issued = clock;
    clock = new Date(issued.getTime() + FOLDER_DEVICE_TTL_MS + 1);
    expect(await code(access().check(id, 'geheim-1', '198.51.100.23', deviceToken))).toBe('ok'); // the hour passed
    for (let i = 0; i < 50; i++) await code(access().check(id, 'falsch', `203.0.117.${i}`));
    expect(await code(access().check(id, 'geheim-1', '198.51.100.23', deviceToken))).toBe('429 tooManyRequests');
    clock = issued;
    await db.collection('businessData').doc(id).update({ passwordVersion: 2 });
    expect(await code(access().check(id, 'geheim-1', '198.51.100.23', deviceToken))).toBe('429 tooManyRequests');
  });
});

describe('download counters', () => {
  it('20 parallel downloads raise the counter by exactly 20 and write 20 log entries', async () => {
    const id = await folderWithPassword();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        folders.recordDownloads(id, [{ itemId: 'a1', filename: 'Plan.pdf', by: { kind: 'anonymous' }, at: clock }]),
      ),
    );
    const record = await folders.get(id);
    expect(record!.items.a1!.downloadCounter).toBe(20);
    expect(await folders.downloads(id, 100)).toHaveLength(20);
  });
});
