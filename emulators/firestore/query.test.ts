import { FieldPath, Filter, type Query } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startEnv, uniq, type TestEnv } from './test-utils.js';

let env: TestEnv;
let C: string; // the seeded collection
const ids = async (q: Query) => (await q.get()).docs.map((d) => d.id);

beforeAll(async () => {
  env = await startEnv();
  C = uniq('q');
  const b = env.db.batch();
  const c = env.db.collection(C);
  b.set(c.doc('p1'), { n: 1, s: 'a', tags: ['x', 'y'], m: { k: 3 }, b: true, g: 1 });
  b.set(c.doc('p2'), { n: 2, s: 'b', tags: ['y'], m: { k: 1 }, b: false, g: 1 });
  b.set(c.doc('p3'), { n: 3.5, s: 'c', tags: [], m: { k: 2 }, g: 1 });
  b.set(c.doc('p4'), { n: NaN, s: 'd', g: 2 });
  b.set(c.doc('p5'), { n: 'str', s: 'e', g: 2 });
  b.set(c.doc('p6'), { n: null, g: 2 });
  b.set(c.doc('p7'), { other: true });
  await b.commit();
});
afterAll(async () => {
  await env.close();
});

describe('field filters', () => {
  it('array-contains on strings sees every write (the cached string sets follow updates) and no other types', async () => {
    const c = env.db.collection(uniq('ac'));
    await c.doc('a').set({ tokens: ['schalt', 'schrank', 1, { stringValue: 'x' }] });
    await c.doc('b').set({ tokens: ['presse'] });
    expect(await ids(c.where('tokens', 'array-contains', 'schalt'))).toEqual(['a']);
    expect(await ids(c.where('tokens', 'array-contains', 'x'))).toEqual([]);
    expect(await ids(c.where('tokens', 'array-contains', 1))).toEqual(['a']);
    await c.doc('a').update({ tokens: ['presse'] });
    await c.doc('b').update({ tokens: ['schalt'] });
    expect(await ids(c.where('tokens', 'array-contains', 'schalt'))).toEqual(['b']);
    expect(await ids(c.where('tokens', 'array-contains', 'presse'))).toEqual(['a']);
  });

  it('string ==, in and array-contains-any answer from value maps that follow writes, deletes and other filters', async () => {
    const c = env.db.collection(uniq('lk'));
    await c.doc('a').set({ key: 'K1', keys: ['A1', 'A2'], n: 1 });
    await c.doc('b').set({ key: 'K2', keys: ['A2'], n: 2 });
    await c.doc('c').set({ key: 3, keys: [3] });
    expect(await ids(c.where('key', 'in', ['K1', 'K2', 'K9']))).toEqual(['a', 'b']);
    expect(await ids(c.where('keys', 'array-contains-any', ['A2', 'A1']))).toEqual(['a', 'b']);
    expect(await ids(c.where('key', 'in', ['K1', 'K2']).where('n', '==', 2))).toEqual(['b']);
    expect(await ids(c.where('key', '==', 'K2').orderBy('n', 'desc'))).toEqual(['b']);
    await c.doc('a').update({ key: 'K3', keys: ['A3'] });
    await c.doc('b').delete();
    expect(await ids(c.where('key', 'in', ['K1', 'K2', 'K3']))).toEqual(['a']);
    expect(await ids(c.where('keys', 'array-contains-any', ['A1', 'A2']))).toEqual([]);
    expect(await ids(c.where('key', 'in', [3, 'K3']))).toEqual(['a', 'c']);
  });

  it('range operators match only values of the same type class', async () => {
    const c = env.db.collection(C);
    // NaN is outside every range (production: only ==, != and not-in see NaN)
    expect(await ids(c.where('n', '<', 3))).toEqual(['p1', 'p2']);
    expect(await ids(c.where('n', '<=', 2))).toEqual(['p1', 'p2']);
    expect(await ids(c.where('n', '>', -Infinity))).toEqual(['p1', 'p2', 'p3']);
    expect(await ids(c.where('n', '>', 1))).toEqual(['p2', 'p3']);
    expect(await ids(c.where('n', '>=', 3.5))).toEqual(['p3']);
    expect(await ids(c.where('n', '>=', ''))).toEqual(['p5']);
    expect(await ids(c.where('s', '>', 'b'))).toEqual(['p3', 'p4', 'p5']);
  });

  it('==, !=, in, not-in follow production null/NaN/missing rules', async () => {
    const c = env.db.collection(C);
    expect(await ids(c.where('n', '==', 2))).toEqual(['p2']);
    // != and not-in exclude null and missing fields, and order by the field implicitly (NaN first)
    expect(await ids(c.where('n', '!=', 2))).toEqual(['p4', 'p1', 'p3', 'p5']);
    expect(await ids(c.where('n', 'in', [1, 3.5, 'str']))).toEqual(['p1', 'p3', 'p5']);
    expect(await ids(c.where('n', 'in', [NaN]))).toEqual([]);
    expect(await ids(c.where('n', 'not-in', [1, 'str']))).toEqual(['p4', 'p2', 'p3']);
    expect(await ids(c.where('n', '==', null))).toEqual(['p6']);
    expect(await ids(c.where('n', '==', NaN))).toEqual(['p4']);
    expect(await ids(c.where('n', '!=', null))).toEqual(['p4', 'p1', 'p2', 'p3', 'p5']);
    expect(await ids(c.where('n', '!=', NaN))).toEqual(['p1', 'p2', 'p3', 'p5']);
  });

  it('array-contains and array-contains-any', async () => {
    const c = env.db.collection(C);
    expect(await ids(c.where('tags', 'array-contains', 'y'))).toEqual(['p1', 'p2']);
    expect(await ids(c.where('tags', 'array-contains-any', ['x', 'zz']))).toEqual(['p1']);
    expect(await ids(c.where('tags', 'array-contains-any', ['zz']))).toEqual([]);
  });

  it('nested field paths in filters and order by', async () => {
    const c = env.db.collection(C);
    expect(await ids(c.where('m.k', '>=', 2))).toEqual(['p3', 'p1']);
    expect(await ids(c.where('m.k', '>=', 1).orderBy('m.k', 'desc'))).toEqual(['p1', 'p3', 'p2']);
    expect(await ids(c.where(new FieldPath('m', 'k'), '==', 1))).toEqual(['p2']);
  });

  it('document id filters', async () => {
    const c = env.db.collection(C);
    expect(await ids(c.where(FieldPath.documentId(), 'in', ['p2', 'p7', 'zz']))).toEqual(['p2', 'p7']);
    expect(await ids(c.where(FieldPath.documentId(), '>=', 'p6'))).toEqual(['p6', 'p7']);
  });

  it('composite AND/OR filters nest arbitrarily', async () => {
    const c = env.db.collection(C);
    const or = Filter.or(
      Filter.where('n', '==', 1),
      Filter.and(Filter.where('s', '>=', 'c'), Filter.where('s', '<', 'e')),
    );
    expect(await ids(c.where(or))).toEqual(['p1', 'p3', 'p4']);
    const and = Filter.and(
      Filter.where('g', '==', 1),
      Filter.or(Filter.where('tags', 'array-contains', 'x'), Filter.where('m.k', '==', 2)),
    );
    expect(await ids(c.where(and))).toEqual(['p1', 'p3']);
    const deep = Filter.or(
      Filter.and(Filter.where('g', '==', 2), Filter.or(Filter.where('n', '==', null), Filter.where('s', '==', 'e'))),
      Filter.where('b', '==', false),
    );
    expect(await ids(c.where(deep))).toEqual(['p2', 'p5', 'p6']);
  });

  it('rejects malformed queries with INVALID_ARGUMENT', async () => {
    const run = async (structuredQuery: object) => {
      for await (const _ of env.gapic.runQuery({ parent: env.root, structuredQuery }) as AsyncIterable<unknown>);
    };
    const where = (op: string, value: object) => ({ fieldFilter: { field: { fieldPath: 'n' }, op, value } });
    expect(await codeOf(run({ from: [{ collectionId: C }], where: where('IN', { arrayValue: { values: [] } }) }))).toBe(
      3,
    );
    expect(await codeOf(run({ from: [{ collectionId: C }], where: where('IN', { integerValue: 1 }) }))).toBe(3);
    expect(
      await codeOf(
        run({
          from: [{ collectionId: C }],
          where: { fieldFilter: { field: { fieldPath: 'a..b' }, op: 'EQUAL', value: { integerValue: 1 } } },
        }),
      ),
    ).toBe(3);
    expect(await codeOf(run({ from: [] }))).toBe(3);
    // production limits: not-in ≤ 10 values, in / array-contains-any ≤ 30
    const ints = (k: number) => ({
      arrayValue: { values: Array.from({ length: k }, (_, i) => ({ integerValue: i })) },
    });
    expect(await codeOf(run({ from: [{ collectionId: C }], where: where('NOT_IN', ints(10)) }))).toBe('ok');
    expect(await codeOf(run({ from: [{ collectionId: C }], where: where('NOT_IN', ints(11)) }))).toBe(3);
    expect(await codeOf(run({ from: [{ collectionId: C }], where: where('IN', ints(30)) }))).toBe('ok');
    expect(await codeOf(run({ from: [{ collectionId: C }], where: where('IN', ints(31)) }))).toBe(3);
    expect(await codeOf(run({ from: [{ collectionId: C }], where: where('ARRAY_CONTAINS_ANY', ints(31)) }))).toBe(3);
  });
});

describe('ordering, cursors, offset and limit', () => {
  it('orderBy excludes documents missing the field; __name__ follows the last direction', async () => {
    const c = env.db.collection(C);
    expect(await ids(c.orderBy('b'))).toEqual(['p2', 'p1']);
    expect(await ids(c.orderBy('n', 'desc'))).toEqual(['p5', 'p3', 'p2', 'p1', 'p4', 'p6']);
    expect(await ids(c.orderBy('g', 'desc'))).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
    expect(await ids(c.orderBy('g').orderBy('s', 'desc'))).toEqual(['p3', 'p2', 'p1', 'p5', 'p4']);
  });

  it('inequality fields are ordered implicitly, multiple inequalities lexicographically', async () => {
    const coll = env.db.collection(uniq('ineq'));
    await Promise.all([
      coll.doc('a').set({ x: 3, y: 1 }),
      coll.doc('b').set({ x: 1, y: 5 }),
      coll.doc('c').set({ x: 2, y: 2 }),
      coll.doc('d').set({ x: 2, y: 1 }),
    ]);
    expect(await ids(coll.where('x', '>', 0))).toEqual(['b', 'c', 'd', 'a']);
    expect(await ids(coll.where('y', '<', 9).where('x', '>', 0))).toEqual(['b', 'd', 'c', 'a']);
    expect(await ids(coll.where('x', '>', 0).orderBy('y', 'desc'))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('startAt/startAfter/endAt/endBefore cursors, by value and by snapshot', async () => {
    const c = env.db.collection(C).orderBy('g').orderBy('s');
    // p6 and p7 have no 's' and are excluded by the order by
    expect(await ids(c.startAt(1, 'b'))).toEqual(['p2', 'p3', 'p4', 'p5']);
    expect(await ids(c.startAfter(1, 'b'))).toEqual(['p3', 'p4', 'p5']);
    expect(await ids(c.startAfter(1))).toEqual(['p4', 'p5']);
    expect(await ids(c.endAt(2, 'd'))).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(await ids(c.endBefore(2, 'd'))).toEqual(['p1', 'p2', 'p3']);
    expect(await ids(c.startAt(1, 'b').endBefore(2))).toEqual(['p2', 'p3']);
    const snap = await env.db.collection(C).doc('p2').get();
    expect(await ids(env.db.collection(C).orderBy('g').startAfter(snap))).toEqual(['p3', 'p4', 'p5', 'p6']);
    expect(await ids(env.db.collection(C).where('g', '==', 1).startAt(snap))).toEqual(['p2', 'p3']);
  });

  it('offset, limit and limitToLast', async () => {
    const c = env.db.collection(C).orderBy('g');
    expect(await ids(c.limit(2))).toEqual(['p1', 'p2']);
    expect(await ids(c.offset(2).limit(3))).toEqual(['p3', 'p4', 'p5']);
    expect(await ids(c.offset(10))).toEqual([]);
    expect(await ids(c.limitToLast(2))).toEqual(['p5', 'p6']);
    expect(await ids(c.endBefore(2).limitToLast(2))).toEqual(['p2', 'p3']);
  });
});

describe('projections, subcollections and collection groups', () => {
  it('select returns only the requested fields; __name__ only returns empty data', async () => {
    const snap = await env.db.collection(C).where('n', '==', 1).select('s', 'm.k').get();
    expect(snap.docs[0]!.data()).toEqual({ s: 'a', m: { k: 3 } });
    const keys = await env.db.collection(C).select().get();
    expect(keys.docs.map((d) => d.data())).toEqual(Array(7).fill({}));
  });

  it('queries subcollections by parent path and collection groups across all depths', async () => {
    const g = uniq('grp');
    const root = uniq('root');
    await Promise.all([
      env.db.doc(`${g}/top`).set({ v: 1 }),
      env.db.doc(`${root}/a/${g}/d1`).set({ v: 2 }),
      env.db.doc(`${root}/a/${g}/d2`).set({ v: 3 }),
      env.db.doc(`${root}/b/x/y/${g}/d3`).set({ v: 4 }),
      env.db.doc(`${root}/a/${g}x/not`).set({ v: 5 }),
      env.db.doc(`${root}/a/${g}/d1/deeper/z`).set({ v: 6 }),
    ]);
    expect(await ids(env.db.collection(`${root}/a/${g}`))).toEqual(['d1', 'd2']);
    expect(await ids(env.db.collectionGroup(g).orderBy('v'))).toEqual(['top', 'd1', 'd2', 'd3']);
    expect(await ids(env.db.collectionGroup(g).where('v', '>=', 3))).toEqual(['d2', 'd3']);
    const partitions: string[] = [];
    for (const d of (await env.db.collectionGroup(g).get()).docs) partitions.push(d.ref.path);
    // __name__ order compares path segments: `grp_…/top` sorts before `root_…/…`
    expect(partitions).toEqual([`${g}/top`, `${root}/a/${g}/d1`, `${root}/a/${g}/d2`, `${root}/b/x/y/${g}/d3`]);
    // getPartitions (PartitionQuery): a single partition that covers the whole group
    const parts: string[] = [];
    for await (const p of env.db.collectionGroup(g).getPartitions(3))
      parts.push(...(await p.toQuery().get()).docs.map((d) => d.id));
    expect(parts).toEqual(['top', 'd1', 'd2', 'd3']);
  });
});

describe('pages over larger result sets', () => {
  it('offset/limit pages match a full sort (bounded top-k path), both directions', async () => {
    const coll = env.db.collection(uniq('big'));
    const scores = Array.from({ length: 300 }, (_, i) => (i * 7919) % 101); // many ties → __name__ tie-break
    const batch = env.db.batch();
    scores.forEach((score, i) => batch.set(coll.doc(`d${String(i).padStart(3, '0')}`), { score, odd: i % 2 === 1 }));
    await batch.commit();
    const all = scores.map((score, i) => ({ id: `d${String(i).padStart(3, '0')}`, score, odd: i % 2 === 1 }));
    const asc = all.filter((d) => d.odd).sort((a, b) => a.score - b.score || (a.id < b.id ? -1 : 1));
    expect(await ids(coll.where('odd', '==', true).orderBy('score').offset(20).limit(7))).toEqual(
      asc.slice(20, 27).map((d) => d.id),
    );
    const desc = [...asc].reverse();
    expect(await ids(coll.where('odd', '==', true).orderBy('score', 'desc').offset(5).limit(10))).toEqual(
      desc.slice(5, 15).map((d) => d.id),
    );
    expect(await ids(coll.where('odd', '==', true).orderBy('score').limitToLast(3))).toEqual(
      asc.slice(-3).map((d) => d.id),
    );
    expect((await coll.where('odd', '==', true).count().get()).data().count).toBe(150);
  });
});
