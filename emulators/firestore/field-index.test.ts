import { Filter, Timestamp, type Firestore, type Query } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

// The sorted field indexes (field-index.ts) only narrow a query's candidates: every query must answer exactly
// what a full scan answers. Two emulators hold the same documents, one always using its indexes, one never.
let indexed: TestEnv;
let scanned: TestEnv;
beforeAll(async () => {
  [indexed, scanned] = await Promise.all([
    startEnv({ fieldIndexMinDocs: 0 }),
    startEnv({ fieldIndexMinDocs: Number.POSITIVE_INFINITY }),
  ]);
});
afterAll(async () => {
  await Promise.all([indexed.close(), scanned.close()]);
});

/** Values of every index-relevant kind, including int/double equality, -0, NaN and mixed types in one field. */
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  1,
  1.0,
  1.5,
  -3,
  Number.NaN,
  2 ** 60,
  'a',
  'ab',
  'abc',
  'b',
  '10000',
  '100001',
  '1000',
  'ä',
  '',
  Timestamp.fromMillis(1_700_000_000_123),
  Timestamp.fromMillis(1_700_000_000_000),
  ['a', 'b'],
  { k: 1 },
];

function docOf(i: number) {
  const v = VALUES[i % VALUES.length];
  return {
    v,
    n: i % 7,
    s: `k${String(i % 13).padStart(2, '0')}`,
    tags: i % 4 === 0 ? ['x', 'y', 'x'] : i % 4 === 1 ? ['y', 1, 2] : i % 4 === 2 ? [] : 'x',
    m: { deep: i % 5 },
    ...(i % 6 === 0 ? {} : { opt: i % 3 }),
  };
}

async function fill(db: Firestore, coll: string, from: number, to: number) {
  const b = db.batch();
  for (let i = from; i < to; i++) b.set(db.collection(coll).doc(`d${String(i).padStart(3, '0')}`), docOf(i));
  await b.commit();
}

type Build = (c: FirebaseFirestore.CollectionReference) => Query;
const QUERIES: Record<string, Build> = {
  'eq string': (c) => c.where('v', '==', 'ab'),
  'eq int matches double': (c) => c.where('v', '==', 1),
  'eq zero matches -0': (c) => c.where('v', '==', 0),
  'eq bool': (c) => c.where('v', '==', true),
  'eq timestamp': (c) => c.where('v', '==', Timestamp.fromMillis(1_700_000_000_123)),
  'eq big int': (c) => c.where('v', '==', 2 ** 60),
  'eq null': (c) => c.where('v', '==', null),
  'eq NaN': (c) => c.where('v', '==', Number.NaN),
  'eq array': (c) => c.where('v', '==', ['a', 'b']),
  'eq nested': (c) => c.where('m.deep', '==', 3),
  'in mixed': (c) => c.where('v', 'in', ['a', 1, true, 'zz']),
  'prefix range': (c) => c.where('v', '>=', '1000').where('v', '<', '1000\uf8ff').orderBy('v'),
  'string range only strings': (c) => c.where('v', '>', ''),
  'number range excludes NaN': (c) => c.where('v', '<=', 1),
  'number range desc': (c) => c.where('v', '>', -5).orderBy('v', 'desc').limit(4),
  'two classes: nothing': (c) => c.where('v', '>', 0).where('v', '<', 'z'),
  'empty range': (c) => c.where('v', '>', 'b').where('v', '<', 'a'),
  'timestamp range': (c) => c.where('v', '>', Timestamp.fromMillis(1_700_000_000_000)),
  'range + eq': (c) => c.where('n', '==', 3).where('s', '>=', 'k05').orderBy('s'),
  'eq + order + offset': (c) => c.where('n', '==', 2).orderBy('s', 'desc').offset(2).limit(5),
  'eq + cursor': (c) => c.where('n', '==', 1).orderBy('s').startAfter('k03').endAt('k11'),
  'array-contains': (c) => c.where('tags', 'array-contains', 'x'),
  'array-contains number': (c) => c.where('tags', 'array-contains', 1),
  'array-contains-any': (c) => c.where('tags', 'array-contains-any', ['x', 2]),
  'array-contains + eq': (c) => c.where('tags', 'array-contains', 'y').where('n', '==', 1),
  'or (scanned)': (c) => c.where(Filter.or(Filter.where('n', '==', 1), Filter.where('tags', 'array-contains', 'x'))),
  'not-equal (not indexed)': (c) => c.where('opt', '!=', 1),
  'missing field': (c) => c.where('opt', '==', 0),
  // pages walked along the order field's index
  'order only + limit': (c) => c.orderBy('s').limit(7),
  'order across types desc + limit': (c) => c.orderBy('v', 'desc').limit(30),
  'eq + order across types + limit': (c) => c.where('n', '==', 1).orderBy('v', 'desc').limit(9),
  'order + cursor + limit': (c) => c.orderBy('v').startAfter('a').limit(5),
  'order + cursor values + limit': (c) => c.orderBy('s', 'desc').startAt('k09').endBefore('k02').limit(40),
  'nested order desc + offset': (c) => c.orderBy('m.deep', 'desc').offset(3).limit(12),
  'order on a sometimes-missing field': (c) => c.orderBy('opt').limit(10),
  'not-equal orders by its field': (c) => c.where('opt', '!=', 1).limit(6),
  'range on order field desc + offset': (c) => c.where('s', '<', 'k08').orderBy('s', 'desc').offset(4).limit(6),
  'limit to last': (c) => c.where('n', '==', 4).orderBy('s').limitToLast(3),
  'two orders (not walked)': (c) => c.orderBy('n').orderBy('s', 'desc').limit(8),
};

async function answers(coll: string) {
  const out: Record<string, { ids: string[]; count: number }> = {};
  for (const [env, key] of [
    [indexed, 'indexed'],
    [scanned, 'scanned'],
  ] as const) {
    for (const [name, build] of Object.entries(QUERIES)) {
      const q = build(env.db.collection(coll));
      const [snap, count] = await Promise.all([q.get(), q.count().get()]);
      out[`${key}: ${name}`] = { ids: snap.docs.map((d) => d.id), count: count.data().count };
    }
  }
  return out;
}

function expectSame(out: Record<string, { ids: string[]; count: number }>) {
  for (const name of Object.keys(QUERIES)) expect(out[`indexed: ${name}`], name).toEqual(out[`scanned: ${name}`]);
  // the data really exercises the queries
  expect(out['indexed: prefix range']!.ids.length).toBeGreaterThan(0);
  expect(out['indexed: array-contains']!.ids.length).toBeGreaterThan(0);
}

describe('sorted field indexes answer like a scan', () => {
  it('on fresh data, after updates and deletes, and after many writes (rebuild)', async () => {
    const coll = uniq('fieldidx');
    await Promise.all([fill(indexed.db, coll, 0, 200), fill(scanned.db, coll, 0, 200)]);
    expectSame(await answers(coll));

    // incremental: changed types, removed fields, deletes, new documents
    for (const env of [indexed, scanned]) {
      const c = env.db.collection(coll);
      const b = env.db.batch();
      b.update(c.doc('d011'), { v: 'ab', tags: ['x'] });
      b.update(c.doc('d012'), { v: 7, 'm.deep': 3 });
      b.set(c.doc('d013'), { n: 3 });
      b.delete(c.doc('d014'));
      b.delete(c.doc('d022'));
      b.set(c.doc('new1'), { v: '10009', n: 3, s: 'k07', tags: ['x', 'x'] });
      await b.commit();
    }
    expectSame(await answers(coll));

    // more writes than the pending list keeps (the index is rebuilt)
    await Promise.all([fill(indexed.db, coll, 200, 700), fill(scanned.db, coll, 200, 700)]);
    expectSame(await answers(coll));
  });

  it('collection groups and deleted-then-recreated collections', async () => {
    const id = uniq('grp');
    for (const env of [indexed, scanned]) {
      const b = env.db.batch();
      for (let i = 0; i < 30; i++) b.set(env.db.collection(`p/${i % 3}/${id}`).doc(`g${i}`), { v: i % 5 });
      await b.commit();
      await env.db.collection(`p/1/${id}`).doc('g1').delete();
    }
    const run = async (env: TestEnv) =>
      (await env.db.collectionGroup(id).where('v', '==', 1).get()).docs.map((d) => d.ref.path);
    expect(await run(indexed)).toEqual(await run(scanned));
    expect((await run(indexed)).length).toBe(5);
  });
});
