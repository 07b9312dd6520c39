import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { ThrottlesRepository, type RateLimit } from './throttles.repository.js';

let env: TestEnv;
let throttles: ThrottlesRepository;
beforeAll(async () => {
  env = await startEnv();
  throttles = new ThrottlesRepository(env.db as unknown as Firestore);
});
afterAll(() => env.close());

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 8, minutes));
const HOUR = 60 * 60_000;

describe('sliding-window throttles', () => {
  it('allows `limit` uses per window, then refuses with the wait until the oldest use leaves it', async () => {
    const limit: RateLimit = { key: 'test:window', limit: 3, windowMs: HOUR };
    for (const m of [0, 10, 20]) expect(await throttles.tryUseAll([limit], at(m))).toEqual({ allowed: true });
    expect(await throttles.tryUseAll([limit], at(30))).toEqual({
      allowed: false,
      key: 'test:window',
      retryAfterMs: 30 * 60_000,
    });
    expect(await throttles.check([limit], at(59))).toMatchObject({ allowed: false, retryAfterMs: 60_000 });
    // The use of minute 0 has left the window at minute 60.
    expect(await throttles.tryUseAll([limit], at(60))).toEqual({ allowed: true });
    expect(await throttles.tryUseAll([limit], at(61))).toMatchObject({ allowed: false, retryAfterMs: 9 * 60_000 });
  });

  it('records all limits or none: a refusal by one uses up nothing of the others', async () => {
    const wide: RateLimit = { key: 'test:wide', limit: 10, windowMs: HOUR };
    const narrow: RateLimit = { key: 'test:narrow', limit: 1, windowMs: HOUR };
    expect(await throttles.tryUseAll([wide, narrow], at(0))).toEqual({ allowed: true });
    for (let i = 0; i < 5; i++)
      expect(await throttles.tryUseAll([wide, narrow], at(1))).toMatchObject({ allowed: false, key: 'test:narrow' });
    const stored = await env.db.collection('throttles').doc('test:wide').get();
    expect(stored.get('uses')).toHaveLength(1);
  });

  it('check() records nothing; keys with a slash stay one document', async () => {
    const limit: RateLimit = { key: 'test:2001:db8::/64', limit: 1, windowMs: HOUR };
    expect(await throttles.check([limit], at(0))).toEqual({ allowed: true });
    expect(await throttles.tryUseAll([limit], at(0))).toEqual({ allowed: true });
    expect(await throttles.tryUseAll([limit], at(1))).toMatchObject({ allowed: false });
    expect((await env.db.collection('throttles').doc('test:2001:db8::%2F64').get()).exists).toBe(true);
  });

  it('tryUse: one use per interval (the password-reset throttle)', async () => {
    expect(await throttles.tryUse('test:once', 60_000, at(0))).toBe(true);
    expect(await throttles.tryUse('test:once', 60_000, at(0))).toBe(false);
    expect(await throttles.tryUse('test:once', 60_000, at(1))).toBe(true);
  });
});
