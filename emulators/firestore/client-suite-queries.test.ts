import { AggregateField, FieldPath, FieldValue, type CollectionReference } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

// Behaviours that Google's nodejs-firestore system tests (emulator mode, see emulators/README.md "Google's client
// suite") check and that the other suites here did not pin: aggregation edge values, document-id filters, collection
// group id ranges, findNearest on odd data. Without an index file, as that suite runs.

let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env.close();
});

async function coll(prefix: string, docs: Record<string, object>): Promise<CollectionReference> {
  const c = env.db.collection(uniq(prefix));
  await Promise.all(Object.entries(docs).map(([id, data]) => c.doc(id).set(data)));
  return c;
}

async function sumAvg(docs: Record<string, object>) {
  const c = await coll('edge', docs);
  const r = await c.aggregate({ s: AggregateField.sum('r'), a: AggregateField.average('r') }).get();
  return r.data();
}

describe('sum and average at the edges of int64 and IEEE 754', () => {
  it('int64 sums that overflow become doubles; intermediate overflow of safe integers does not', async () => {
    const maxLong = Math.pow(2, 63) - 1;
    expect((await sumAvg({ a: { r: maxLong }, b: { r: maxLong } })).s).toBe(maxLong + maxLong);
    const s = await sumAvg({ a: { r: Number.MAX_SAFE_INTEGER }, b: { r: 1 }, c: { r: -101 } });
    expect(s.s).toBe(Number.MAX_SAFE_INTEGER - 100);
    const neg = {
      a: { r: Number.MAX_SAFE_INTEGER },
      b: { r: Number.MIN_SAFE_INTEGER },
      c: { r: -101 },
      d: { r: -1e4 },
    };
    expect((await sumAvg(neg)).s).toBe(-10101);
  });

  it('double sums overflow to ±Infinity; MIN_VALUE survives a sum and a one-document average', async () => {
    expect((await sumAvg({ a: { r: Number.MAX_VALUE }, b: { r: Number.MAX_VALUE } })).s).toBe(Infinity);
    expect((await sumAvg({ a: { r: Number.MAX_VALUE }, b: { r: 1e293 } })).s).toBe(Infinity);
    expect((await sumAvg({ a: { r: -Number.MAX_VALUE }, b: { r: -Number.MAX_VALUE } })).s).toBe(-Infinity);
    const min = await sumAvg({ a: { r: Number.MIN_VALUE } });
    expect(min).toEqual({ s: Number.MIN_VALUE, a: Number.MIN_VALUE });
  });

  it('average: overflow during accumulation is Infinity, underflow is 0, int and float mixes', async () => {
    expect((await sumAvg({ a: { r: Number.MAX_VALUE }, b: { r: Number.MAX_VALUE } })).a).toBe(Infinity);
    expect((await sumAvg({ a: { r: Number.MIN_VALUE }, b: { r: 0 } })).a).toBe(0);
    expect((await sumAvg({ a: { r: 10 }, b: { r: 9 } })).a).toBe(9.5);
    expect((await sumAvg({ a: { r: 10.5 }, b: { r: 9.5 } })).a).toBe(10);
    expect(await sumAvg({ a: { r: 5 }, b: { r: 4.5 }, c: { r: 3 } })).toEqual({ s: 12.5, a: 12.5 / 3 });
  });

  it('a NaN poisons only its own field; array-contains-any and in filters; nested map fields', async () => {
    const c = await coll('nan', {
      a: { r: NaN, p: 100, y: 1990, m: { p: 100 }, t: ['x'] },
      b: { r: 4, p: 200, y: 2010, m: { p: 50 }, t: ['y'] },
      c: { r: 4, p: 0, y: 2000, t: ['z'] },
    });
    const r = await c
      .aggregate({ s: AggregateField.sum('r'), p: AggregateField.sum('p'), y: AggregateField.average('y') })
      .get();
    expect(r.data().s).toBeNaN();
    expect(r.data()).toMatchObject({ p: 300, y: 2000 });
    const nested = await c.aggregate({ s: AggregateField.sum('m.p'), a: AggregateField.average('m.p') }).get();
    expect(nested.data()).toEqual({ s: 150, a: 75 });
    const any = await c
      .where('t', 'array-contains-any', ['x', 'y'])
      .aggregate({ n: AggregateField.count(), a: AggregateField.average('p') })
      .get();
    expect(any.data()).toEqual({ n: 2, a: 150 });
    const inQ = await c
      .where('p', 'in', [0, 200])
      .aggregate({ s: AggregateField.sum('r') })
      .get();
    expect(inQ.data().s).toBe(8);
  });
});

describe('aggregation aliases and shapes', () => {
  it('aliases with special characters, backticks, backslashes and over 1,500 bytes; duplicates; five at once', async () => {
    const c = await coll('alias', { a: { pages: 100 }, b: { pages: 50 } });
    const long = '0123456789'.repeat(150);
    const r = await c
      .aggregate({
        'with.dot,comma': AggregateField.count(),
        'back`tick': AggregateField.sum('pages'),
        'back\\slash': AggregateField.average('pages'),
        [long]: AggregateField.count(),
        [long + long]: AggregateField.sum('pages'),
      })
      .get();
    expect(r.data()).toEqual({
      'with.dot,comma': 2,
      'back`tick': 150,
      'back\\slash': 75,
      [long]: 2,
      [long + long]: 150,
    });
  });

  it('counts with orderBy, cursors and offset, up to a limit, and in a read-only transaction at a read time', async () => {
    const c = await coll('cnt', { a: { k: 1 }, b: { k: 2 }, c: { k: 3 }, d: { k: 4 }, e: { k: 5 } });
    const count = async (q: FirebaseFirestore.Query) => (await q.count().get()).data().count;
    expect(await count(c.orderBy('k').startAt(2).endAt(4).offset(1))).toBe(2);
    expect(await count(c.orderBy(FieldPath.documentId()).startAfter(c.doc('a')).endBefore(c.doc('e')))).toBe(3);
    const snapB = await c.doc('b').get();
    expect(await count(c.orderBy('k').startAt(snapB))).toBe(4);
    expect(await count(c.limit(3))).toBe(3);
    expect(await count(c.where('k', '>', 99))).toBe(0);
    expect(await count(env.db.collection(uniq('none')))).toBe(0);
    const readTime = (await c.doc('a').get()).readTime;
    await c.doc('f').set({ k: 6 });
    const atReadTime = await env.db.runTransaction((t) => t.get(c.count()).then((r) => r.data().count), {
      readOnly: true,
      readTime,
    });
    expect(atReadTime).toBe(5);
    expect(await count(c)).toBe(6);
  });
});

describe('aggregations over ordered queries with cursors', () => {
  it('sums follow the implicit and explicit orders the client sends, by value and by document cursor', async () => {
    const c = await coll('norm', { a: { num: 5, foo: 1 }, b: { num: 7, foo: 2 } });
    const sum = async (q: FirebaseFirestore.Query) =>
      (await q.aggregate({ s: AggregateField.sum('num') }).get()).data().s;
    const snapA = await c.doc('a').get();
    expect(await sum(c)).toBe(12);
    expect(await sum(c.where('num', '==', 5))).toBe(5);
    expect(await sum(c.where('num', '>', 5))).toBe(7);
    expect(await sum(c.orderBy('num'))).toBe(12);
    expect(await sum(c.where('num', '==', 5).orderBy('num'))).toBe(5);
    expect(await sum(c.where('num', '>', 5).orderBy('num'))).toBe(7);
    expect(await sum(c.orderBy('num').startAfter(5))).toBe(7);
    expect(await sum(c.orderBy(FieldPath.documentId()).startAfter(c.doc('a')))).toBe(7);
    expect(await sum(c.where('num', '==', 7).orderBy('num').startAfter(5))).toBe(7);
    expect(await sum(c.where('num', '>', 5).orderBy('num').startAfter(5))).toBe(7);
    expect(
      await sum(c.where('num', '>', 5).orderBy('num').orderBy(FieldPath.documentId()).startAfter(5, c.doc('a'))),
    ).toBe(7);
    expect(await sum(c.where('num', '>', 0).startAfter(snapA))).toBe(7);
  });
});

describe('document id filters', () => {
  it('!=, not-in and in on FieldPath.documentId()', async () => {
    const c = await coll('ids', { a: { x: 1 }, b: { x: 2 }, c: { x: 3 }, d: { x: 4 } });
    const ids = async (q: FirebaseFirestore.Query) => (await q.get()).docs.map((d) => d.id);
    expect(await ids(c.where(FieldPath.documentId(), '!=', 'b'))).toEqual(['a', 'c', 'd']);
    expect(await ids(c.where(FieldPath.documentId(), 'not-in', ['a', c.doc('c')]))).toEqual(['b', 'd']);
    expect(await ids(c.where(FieldPath.documentId(), 'in', ['d', c.doc('a')]))).toEqual(['a', 'd']);
  });

  it('collection groups take ranges and filters on arbitrary document paths', async () => {
    const group = uniq('cg');
    const paths = [
      `abc/123/${group}/cg-doc1`,
      `abc/123/${group}/cg-doc2`,
      `${group}/cg-doc3`,
      `${group}/cg-doc4`,
      `def/456/${group}/cg-doc5`,
      `${group}/virtual-doc/nested-coll/not-cg-doc`,
      `x${group}/not-cg-doc`,
      `${group}x/not-cg-doc`,
      `abc/123/${group}x/not-cg-doc`,
      `abc/123/x${group}/not-cg-doc`,
      `abc/${group}`,
    ];
    const batch = env.db.batch();
    for (const p of paths) batch.set(env.db.doc(p), { x: 1 });
    await batch.commit();
    const q = env.db.collectionGroup(group).orderBy(FieldPath.documentId());
    const ids = async (qq: FirebaseFirestore.Query) => (await qq.get()).docs.map((d) => d.id);
    expect(await ids(q.startAt('abc/123').endAt('abc/123\uf8ff'))).toEqual(['cg-doc1', 'cg-doc2']);
    expect(await ids(q.startAfter('abc/123').endBefore(`abc/123/${group}/cg-doc2`))).toEqual(['cg-doc1']);
    const byId = env.db
      .collectionGroup(group)
      .where(FieldPath.documentId(), '>=', 'abc/123')
      .where(FieldPath.documentId(), '<=', 'abc/123\uf8ff');
    expect(await ids(byId)).toEqual(['cg-doc1', 'cg-doc2']);
  });

  it('document names in any script round-trip and sort by their UTF-8 bytes', async () => {
    const c = await coll('uni', { ä: { v: 1 }, '∆': { v: 2 }, '🐵': { v: 3 }, z: { v: 4 } });
    expect((await c.get()).docs.map((d) => d.id)).toEqual(['z', 'ä', '∆', '🐵']);
    expect((await c.doc('🐵').get()).data()).toEqual({ v: 3 });
  });
});

describe('findNearest on uneven data', () => {
  const near = (c: CollectionReference, field: string, limit: number) =>
    c
      .findNearest({ vectorField: field, queryVector: [10, 10], limit, distanceMeasure: 'EUCLIDEAN' })
      .get()
      .then((r) => r.docs.map((d) => d.id));

  it('skips values that are not vectors and vectors of another dimension; a missing field finds nothing', async () => {
    const c = await coll('vec', {
      none: { foo: 'bar' },
      arr: { embedding: [10, 10] },
      str: { embedding: 'not a vector' },
      nul: { embedding: null },
      dim1: { embedding: FieldValue.vector([10]) },
      dim3: { embedding: FieldValue.vector([10, 10, 10]) },
      v9: { embedding: FieldValue.vector([9, 9]) },
      v50: { embedding: FieldValue.vector([50, 50]) },
      v100: { embedding: FieldValue.vector([100, 100]) },
    });
    expect(await near(c, 'embedding', 100)).toEqual(['v9', 'v50', 'v100']);
    expect(await near(c, 'embedding', 2)).toEqual(['v9', 'v50']);
    expect(await near(c, 'nothing', 3)).toEqual([]);
  });

  it('searches vectors nested in maps; the distance result field overwrites a stored field of that name', async () => {
    const c = await coll('vecn', {
      a: { nested: { embedding: FieldValue.vector([10, 10]) }, distance: '100 miles' },
      b: { nested: { embedding: FieldValue.vector([10, 0]) }, distance: 'far' },
      c: { nested: { foo: 'bar' } },
    });
    expect(await near(c, 'nested.embedding', 5)).toEqual(['a', 'b']);
    const r = await c
      .select('distance')
      .findNearest({
        vectorField: 'nested.embedding',
        queryVector: [1, 0],
        limit: 5,
        distanceMeasure: 'COSINE',
        distanceResultField: 'distance',
      })
      .get();
    expect(r.docs.map((d) => [d.id, d.data()])).toEqual([
      ['b', { distance: 0 }],
      ['a', { distance: expect.closeTo(1 - Math.SQRT1_2, 12) }],
    ]);
  });
});
