import { GeoPoint, Timestamp } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env.close();
});

describe('Firestore total value order', () => {
  it('orders all types like production (numbers mixed, UTF-8 strings, segment-wise references)', async () => {
    const coll = uniq('order');
    const db = env.db;
    // ids are in the expected order; equal values (int 1 / double 1.0, 0 / -0.0) tie-break by id
    const values: [string, unknown][] = [
      ['e00', null],
      ['e01', false],
      ['e02', true],
      ['e03', NaN],
      ['e04', -Infinity],
      ['e05', -1.5],
      ['e06', -1],
      ['e07', 0],
      ['e09', 0.5],
      ['e10', 1],
      ['e12', 2],
      ['e13', 9007199254740993n], // beyond 2^53: compared exactly
      ['e14', Infinity],
      ['e15', new Timestamp(0, 0)],
      ['e16', new Timestamp(0, 1000)],
      ['e17', new Timestamp(1, 0)],
      ['e18', ''],
      ['e19', 'A'],
      ['e20', 'a'],
      ['e21', 'ab'],
      ['e22', 'é'],
      ['e23', '\uE000'],
      ['e24', '\uFFFD'], // UTF-16 code unit order would put the emoji (0xD83D…) before this
      ['e25', '😀'],
      ['e26', Buffer.from([])],
      ['e27', Buffer.from([0])],
      ['e28', Buffer.from([0, 1])],
      ['e29', Buffer.from([1])],
      ['e30', db.doc('a/b')],
      ['e31', db.doc('a/b/c/d')],
      ['e32', db.doc('a0/x')],
      ['e33', db.doc('b/a')],
      ['e34', new GeoPoint(-10, 50)],
      ['e35', new GeoPoint(0, -5)],
      ['e36', new GeoPoint(0, 5)],
      ['e37', []],
      ['e38', [1]],
      ['e39', [1, 'a']],
      ['e40', [2]],
      ['e41', {}],
      ['e42', { a: 1 }],
      ['e43', { a: 1, b: 0 }],
      ['e44', { a: 2 }],
      ['e45', { b: 0 }],
    ];
    const bigDb = env.client();
    bigDb.settings({ useBigInt: true });
    const batch = bigDb.batch();
    for (const [id, v] of [...values].reverse()) batch.set(bigDb.collection(coll).doc(id), { v });
    await batch.commit();
    // doubles with integral values and -0.0 can only be written raw (the client sends them as integers)
    await env.gapic.commit({
      database: env.database,
      writes: [
        { update: { name: `${env.root}/${coll}/e08`, fields: { v: { doubleValue: -0 } } } },
        { update: { name: `${env.root}/${coll}/e11`, fields: { v: { doubleValue: 1 } } } },
      ],
    });
    const asc = (await db.collection(coll).orderBy('v').get()).docs.map((d) => d.id);
    const expected = [...values.map(([id]) => id), 'e08', 'e11'].sort();
    expect(asc).toEqual(expected);
    const desc = (await db.collection(coll).orderBy('v', 'desc').get()).docs.map((d) => d.id);
    // descending also reverses the implicit __name__ tie-break
    expect(desc).toEqual([...expected].reverse());
  });

  it('int and double compare numerically in equality; -0 equals 0', async () => {
    const coll = uniq('eq');
    await env.gapic.commit({
      database: env.database,
      writes: [
        { update: { name: `${env.root}/${coll}/int`, fields: { v: { integerValue: 1 }, z: { integerValue: 0 } } } },
        { update: { name: `${env.root}/${coll}/dbl`, fields: { v: { doubleValue: 1 }, z: { doubleValue: -0 } } } },
      ],
    });
    const c = env.db.collection(coll);
    expect((await c.where('v', '==', 1).get()).size).toBe(2);
    expect((await c.where('v', 'in', [1.0]).get()).size).toBe(2);
    expect((await c.where('z', '==', 0).get()).size).toBe(2);
    expect((await c.where('v', '>', 0.999).where('v', '<', 1.001).get()).size).toBe(2);
  });

  it('timestamps are stored with microsecond precision (nanos rounded down) and queried on that value', async () => {
    const c = env.db.collection(uniq('ts'));
    await c
      .doc('t')
      .set({ t: new Timestamp(100, 123456789), l: [new Timestamp(1, 999)], m: { x: new Timestamp(2, 1999) } });
    const d = await c.doc('t').get();
    expect((d.get('t') as Timestamp).nanoseconds).toBe(123456000);
    expect((d.get('l')[0] as Timestamp).nanoseconds).toBe(0);
    expect((d.get('m.x') as Timestamp).nanoseconds).toBe(1000);
    expect((await c.where('t', '<=', new Timestamp(100, 123456000)).get()).size).toBe(1);
    expect((await c.where('t', '==', new Timestamp(100, 123456000)).get()).size).toBe(1);
    expect((await c.where('t', '==', new Timestamp(100, 123456789)).get()).size).toBe(1);
    expect((await c.where('t', '>', new Timestamp(100, 123456000)).get()).size).toBe(0);
  });

  it('string range filters use UTF-8 byte order', async () => {
    const c = env.db.collection(uniq('utf8'));
    await Promise.all([
      c.doc('fffd').set({ s: '\uFFFD' }),
      c.doc('emoji').set({ s: '😀' }),
      c.doc('e000').set({ s: '\uE000' }),
    ]);
    expect((await c.where('s', '>', '\uFFFD').get()).docs.map((d) => d.id)).toEqual(['emoji']);
    expect((await c.where('s', '<', '😀').orderBy('s').get()).docs.map((d) => d.id)).toEqual(['e000', 'fffd']);
  });

  it('filters and orders on map and array values', async () => {
    const c = env.db.collection(uniq('cplx'));
    await Promise.all([
      c.doc('m1').set({ m: { a: 1, b: 2 } }),
      c.doc('m2').set({ m: { b: 2, a: 1 } }),
      c.doc('m3').set({ m: { a: 1 } }),
    ]);
    expect((await c.where('m', '==', { a: 1, b: 2 }).get()).docs.map((d) => d.id)).toEqual(['m1', 'm2']);
    expect((await c.where('m', '>', { a: 1 }).get()).docs.map((d) => d.id)).toEqual(['m1', 'm2']);
  });
});
