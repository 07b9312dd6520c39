import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AggregateField, FieldPath, FieldValue, type Query } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

// Production semantics the outside check found missing: not-in with null, NaN in ranges, multi-field
// aggregations, vector value order, numeric `__id<n>__` ids, explain and vector search.
const FAILED_PRECONDITION = 9;
const INVALID_ARGUMENT = 3;

let env: TestEnv;
let dir: string;
let file: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-semantics-'));
  file = path.join(dir, 'firestore.indexes.json');
  fs.writeFileSync(file, JSON.stringify({ indexes: [], fieldOverrides: [] }));
  env = await startEnv({ indexFile: file, indexMode: 'enforce' });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const setIndexes = (indexes: object[]) => fs.writeFileSync(file, JSON.stringify({ indexes, fieldOverrides: [] }));
const ids = async (q: Query) => (await q.get()).docs.map((d) => d.id);
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: number }) => e.code,
  );

describe('filters', () => {
  it('not-in with null in its list matches no document', async () => {
    const c = env.db.collection(uniq('notin'));
    await Promise.all([c.doc('a').set({ n: 1 }), c.doc('b').set({ n: 2 }), c.doc('c').set({ n: null })]);
    expect(await ids(c.where('n', 'not-in', [null]))).toEqual([]);
    expect(await ids(c.where('n', 'not-in', [1, null]))).toEqual([]);
    expect(await ids(c.where('n', 'not-in', [1]))).toEqual(['b']);
  });

  it('NaN is outside every range filter but seen by ==, != and not-in', async () => {
    const c = env.db.collection(uniq('nan'));
    await Promise.all([c.doc('nan').set({ n: NaN }), c.doc('one').set({ n: 1 }), c.doc('neg').set({ n: -Infinity })]);
    expect(await ids(c.where('n', '<', 5))).toEqual(['neg', 'one']);
    expect(await ids(c.where('n', '<=', 1))).toEqual(['neg', 'one']);
    expect(await ids(c.where('n', '>', -Infinity))).toEqual(['one']);
    expect(await ids(c.where('n', '>=', -Infinity))).toEqual(['neg', 'one']);
    // a NaN bound matches nothing (the client refuses it, so it is sent raw)
    for (const op of ['GREATER_THAN', 'LESS_THAN_OR_EQUAL'] as const) {
      const stream = env.gapic.runQuery({
        parent: env.root,
        structuredQuery: {
          from: [{ collectionId: c.id }],
          where: { fieldFilter: { field: { fieldPath: 'n' }, op, value: { doubleValue: NaN } } },
        },
      });
      const found: unknown[] = [];
      for await (const r of stream as AsyncIterable<{ document?: unknown }>) if (r.document) found.push(r.document);
      expect(found).toEqual([]);
    }
    expect(await ids(c.where('n', '==', NaN))).toEqual(['nan']);
    expect(await ids(c.where('n', 'not-in', [1]))).toEqual(['nan', 'neg']);
    expect(await ids(c.orderBy('n'))).toEqual(['nan', 'neg', 'one']); // order still puts NaN first
  });
});

describe('aggregations over several fields', () => {
  it('sum and avg of different fields aggregate only documents that have every aggregated field', async () => {
    const G = uniq('multi');
    setIndexes([
      {
        collectionGroup: G,
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'a', order: 'ASCENDING' },
          { fieldPath: 'b', order: 'ASCENDING' },
        ],
      },
    ]);
    const c = env.db.collection(G);
    await Promise.all([
      c.doc('both').set({ a: 1, b: 10 }),
      c.doc('onlyA').set({ a: 100 }),
      c.doc('onlyB').set({ b: 1000 }),
      c.doc('nonNum').set({ a: 'x', b: 2 }),
    ]);
    const r = await c.aggregate({ s: AggregateField.sum('a'), avg: AggregateField.average('b') }).get();
    // both and nonNum have a and b; a's string is not summed, b averages over 10 and 2
    expect(r.data()).toEqual({ s: 1, avg: 6 });
    // one field alone still sees every document that has it
    expect((await c.aggregate({ s: AggregateField.sum('a') }).get()).data().s).toBe(101);
  });

  it('a count() beside sums of several fields counts only the documents that have every one of them', async () => {
    const G = uniq('multicount');
    setIndexes([
      {
        collectionGroup: G,
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'x', order: 'ASCENDING' },
          { fieldPath: 'y', order: 'ASCENDING' },
        ],
      },
    ]);
    const c = env.db.collection(G);
    await Promise.all([
      c.doc('xy1').set({ x: 1, y: 10 }),
      c.doc('xy2').set({ x: 2, y: 20 }),
      c.doc('x').set({ x: 100 }),
      c.doc('y').set({ y: 1000 }),
    ]);
    const r = await c
      .aggregate({ sx: AggregateField.sum('x'), sy: AggregateField.sum('y'), c: AggregateField.count() })
      .get();
    expect(r.data()).toEqual({ sx: 3, sy: 30, c: 2 });
    const avg = await c
      .aggregate({ ax: AggregateField.average('x'), sy: AggregateField.sum('y'), c: AggregateField.count() })
      .get();
    expect(avg.data()).toEqual({ ax: 1.5, sy: 30, c: 2 });
    // a count alone still counts every document of the query
    expect((await c.count().get()).data().count).toBe(4);
  });
});

describe('vector values', () => {
  it('order after arrays and before maps, by dimension first, then element by element', async () => {
    const c = env.db.collection(uniq('vord'));
    await Promise.all([
      c.doc('arr').set({ v: [9, 9, 9] }),
      c.doc('map').set({ v: { a: 1 } }),
      c.doc('v2').set({ v: FieldValue.vector([5, 5]) }),
      c.doc('v3a').set({ v: FieldValue.vector([1, 2, 3]) }),
      c.doc('v3b').set({ v: FieldValue.vector([1, 2, 4]) }),
      c.doc('v1').set({ v: FieldValue.vector([100]) }),
    ]);
    expect(await ids(c.orderBy('v'))).toEqual(['arr', 'v1', 'v2', 'v3a', 'v3b', 'map']);
    expect(await ids(c.where('v', '>', FieldValue.vector([5, 5])))).toEqual(['v3a', 'v3b']);
    expect(await ids(c.where('v', '==', FieldValue.vector([1, 2, 3])))).toEqual(['v3a']);
  });
});

describe('numeric document ids', () => {
  it('__id<n>__ ids are accepted on write and sort numerically before string ids', async () => {
    const c = env.db.collection(uniq('numid'));
    await Promise.all([
      c.doc('__id42__').set({ a: 1 }),
      c.doc('__id-7__').set({ a: 1 }),
      c.doc('__id100__').set({ a: 1 }),
      c.doc('a').set({ a: 1 }),
    ]);
    expect(await ids(c)).toEqual(['__id-7__', '__id42__', '__id100__', 'a']);
    expect((await c.doc('__id42__').get()).exists).toBe(true);
    // other reserved ids stay refused, and so do numeric ids out of int64 range or as collection ids
    expect(await codeOf(c.doc('__x__').set({}))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(c.doc('__id9223372036854775808__').set({}))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(env.db.doc('__id1__/d').set({}))).toBe(INVALID_ARGUMENT);
  });
});

describe('explain', () => {
  it('plan only: names the index and reads nothing', async () => {
    const c = env.db.collection(uniq('explain'));
    await Promise.all([c.doc('a').set({ n: 1 }), c.doc('b').set({ n: 2 })]);
    const r = await c.where('n', '>', 0).explain({ analyze: false });
    expect(r.snapshot).toBeNull();
    expect(r.metrics.executionStats).toBeNull();
    expect(r.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(n ASC, __name__ ASC)' },
    ]);
    const plain = await c.explain();
    expect(plain.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(__name__ ASC)' },
    ]);
  });

  it('analyze: results plus execution stats; composite indexes and aggregations', async () => {
    const G = uniq('explainc');
    const index = {
      collectionGroup: G,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'g', order: 'ASCENDING' },
        { fieldPath: 'n', order: 'DESCENDING' },
      ],
    };
    setIndexes([index]);
    const c = env.db.collection(G);
    await Promise.all([c.doc('a').set({ g: 1, n: 1 }), c.doc('b').set({ g: 1, n: 2 }), c.doc('c').set({ g: 2, n: 3 })]);
    const r = await c.where('g', '==', 1).orderBy('n', 'desc').explain({ analyze: true });
    expect(r.snapshot!.docs.map((d) => d.id)).toEqual(['b', 'a']);
    expect(r.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(g ASC, n DESC, __name__ DESC)' },
    ]);
    const stats = r.metrics.executionStats!;
    expect(stats.resultsReturned).toBe(2);
    expect(stats.readOperations).toBe(2);
    expect(stats.executionDuration.seconds * 1e9 + stats.executionDuration.nanoseconds).toBeGreaterThan(0);
    expect(stats.debugStats).toMatchObject({ documents_scanned: '2' });

    const agg = await c.where('g', '==', 1).count().explain({ analyze: true });
    expect(agg.snapshot!.data().count).toBe(2);
    expect(agg.metrics.executionStats!.resultsReturned).toBe(1);
    expect(agg.metrics.executionStats!.readOperations).toBe(1);
    expect(agg.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(g ASC, __name__ ASC)' },
    ]);
    const aggPlan = await c.count().explain();
    expect(aggPlan.snapshot).toBeNull();
  });

  it('analyze, streamed: one response per document, the metrics on the last one; an empty result gets one', async () => {
    const c = env.db.collection(uniq('explainstream'));
    await Promise.all([c.doc('a').set({ n: 1 }), c.doc('b').set({ n: 2 }), c.doc('c').set({ n: 3 })]);
    type Response = { document?: { name: string }; explainMetrics?: { executionStats?: { resultsReturned: string } } };
    const stream = async (where?: object) => {
      const out: Response[] = [];
      const s = env.gapic.runQuery({
        parent: env.root,
        structuredQuery: { from: [{ collectionId: c.id }], ...(where ? { where } : {}) },
        explainOptions: { analyze: true },
      });
      for await (const r of s as AsyncIterable<Response>) out.push(r);
      return out;
    };
    const all = await stream();
    expect(all.map((r) => r.document?.name.split('/').pop())).toEqual(['a', 'b', 'c']);
    expect(all.map((r) => !!r.explainMetrics)).toEqual([false, false, true]);
    expect(all[2]!.explainMetrics!.executionStats!.resultsReturned).toBe('3');

    const none = await stream({
      fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN', value: { integerValue: '9' } },
    });
    expect(none).toHaveLength(1);
    expect(none[0]!.document).toBeFalsy();
    expect(none[0]!.explainMetrics!.executionStats!.resultsReturned).toBe('0');

    // the official client reads both the same way
    const r = await c.explain({ analyze: true });
    expect(r.snapshot!.docs.map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect(r.metrics.executionStats!.resultsReturned).toBe(3);
    const empty = await c.where('n', '>', 9).explain({ analyze: true });
    expect(empty.snapshot!.empty).toBe(true);
    expect(empty.metrics.executionStats!.resultsReturned).toBe(0);
  });

  it('explain of a query without its index fails like the query', async () => {
    const c = env.db.collection(uniq('explainmiss'));
    expect(await codeOf(c.where('a', '==', 1).orderBy('b').explain())).toBe(FAILED_PRECONDITION);
  });
});

describe('vector search (findNearest)', () => {
  const G = uniq('vec');
  const vecIndex = {
    collectionGroup: G,
    queryScope: 'COLLECTION',
    fields: [{ fieldPath: 'embedding', vectorConfig: { dimension: 2, flat: {} } }],
  };
  beforeAll(async () => {
    const c = env.db.collection(G);
    await Promise.all([
      c.doc('east').set({ embedding: FieldValue.vector([1, 0]), kind: 'a' }),
      c.doc('north').set({ embedding: FieldValue.vector([0, 1]), kind: 'a' }),
      c.doc('far').set({ embedding: FieldValue.vector([10, 10]), kind: 'b' }),
      c.doc('diag').set({ embedding: FieldValue.vector([2, 2]), kind: 'b' }),
      c.doc('threeD').set({ embedding: FieldValue.vector([1, 0, 0]), kind: 'a' }),
      c.doc('plain').set({ embedding: [1, 0], kind: 'a' }),
    ]);
  });

  it('requires a vector index like production, named in the error', async () => {
    setIndexes([]);
    const q = env.db
      .collection(G)
      .findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 2, distanceMeasure: 'EUCLIDEAN' });
    const err = await q.get().then(
      () => null,
      (e: { code: number; details: string }) => e,
    );
    expect(err?.code).toBe(FAILED_PRECONDITION);
    expect(JSON.parse(/(\{.*\})$/.exec(err!.details)![1]!)).toEqual(vecIndex);
  });

  it('EUCLIDEAN, COSINE and DOT_PRODUCT with limit, distance result field and threshold', async () => {
    setIndexes([vecIndex]);
    const c = env.db.collection(G);
    const run = async (opts: Parameters<typeof c.findNearest>[0]) =>
      (await c.findNearest(opts).get()).docs.map((d) => [d.id, d.get('dist')]);
    expect(
      await run({
        vectorField: 'embedding',
        queryVector: [1, 0],
        limit: 3,
        distanceMeasure: 'EUCLIDEAN',
        distanceResultField: 'dist',
      }),
    ).toEqual([
      ['east', 0],
      ['north', Math.SQRT2],
      ['diag', Math.sqrt(5)],
    ]);
    const cos = await run({
      vectorField: 'embedding',
      queryVector: [3, 3],
      limit: 4,
      distanceMeasure: 'COSINE',
      distanceResultField: 'dist',
    });
    expect(
      cos
        .map(([id]) => id)
        .slice(0, 2)
        .sort(),
    ).toEqual(['diag', 'far']);
    expect(cos[0]![1]).toBeCloseTo(0, 12);
    expect(cos[2]![1]).toBeCloseTo(1 - Math.SQRT1_2, 12);
    expect(
      await run({
        vectorField: 'embedding',
        queryVector: [1, 1],
        limit: 10,
        distanceMeasure: 'DOT_PRODUCT',
        distanceResultField: 'dist',
      }),
    ).toEqual([
      ['far', 20],
      ['diag', 4],
      ['east', 1],
      ['north', 1],
    ]);
    // thresholds: an upper bound for distances, a lower bound for DOT_PRODUCT
    expect(
      (
        await run({
          vectorField: 'embedding',
          queryVector: [1, 0],
          limit: 10,
          distanceMeasure: 'EUCLIDEAN',
          distanceThreshold: 1.5,
        })
      ).map(([id]) => id),
    ).toEqual(['east', 'north']);
    expect(
      (
        await run({
          vectorField: 'embedding',
          queryVector: [1, 1],
          limit: 10,
          distanceMeasure: 'DOT_PRODUCT',
          distanceThreshold: 4,
        })
      ).map(([id]) => id),
    ).toEqual(['far', 'diag']);
    // the stored document keeps no distance field
    expect((await c.doc('east').get()).get('dist')).toBeUndefined();
  });

  it('pre-filters need a composite vector index; the search is exact over the filtered documents', async () => {
    const q = env.db
      .collection(G)
      .where('kind', '==', 'b')
      .findNearest({
        vectorField: new FieldPath('embedding'),
        queryVector: [0, 0],
        limit: 5,
        distanceMeasure: 'EUCLIDEAN',
      });
    setIndexes([vecIndex]);
    const err = await q.get().then(
      () => null,
      (e: { code: number; details: string }) => e,
    );
    expect(err?.code).toBe(FAILED_PRECONDITION);
    const needed = JSON.parse(/(\{.*\})$/.exec(err!.details)![1]!);
    expect(needed.fields).toEqual([
      { fieldPath: 'kind', order: 'ASCENDING' },
      { fieldPath: 'embedding', vectorConfig: { dimension: 2, flat: {} } },
    ]);
    setIndexes([vecIndex, needed]);
    expect((await q.get()).docs.map((d) => d.id)).toEqual(['diag', 'far']);
  });

  it('explain of a vector query lists the vector index with its configuration, plan-only and analyze', async () => {
    const withKind = {
      collectionGroup: G,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'kind', order: 'ASCENDING' },
        { fieldPath: 'embedding', vectorConfig: { dimension: 2, flat: {} } },
      ],
    };
    setIndexes([vecIndex, withKind]);
    // VectorQuery.explain exists in the client but is missing from its type declarations
    type Explained = {
      snapshot: { docs: { id: string }[] } | null;
      metrics: { planSummary: { indexesUsed: object[] }; executionStats: { resultsReturned: number } | null };
    };
    const explain = (q: object, o: object) => (q as { explain(o: object): Promise<Explained> }).explain(o);
    const vq = env.db
      .collection(G)
      .findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 1, distanceMeasure: 'EUCLIDEAN' });
    const vectorOnly = [{ query_scope: 'Collection', properties: '(embedding VECTOR<2>)' }];

    const planned = await explain(vq, { analyze: false });
    expect(planned.snapshot).toBeNull();
    expect(planned.metrics.executionStats).toBeNull();
    expect(planned.metrics.planSummary.indexesUsed).toEqual(vectorOnly);

    const r = await explain(vq, { analyze: true });
    expect(r.snapshot!.docs.map((d) => d.id)).toEqual(['east']);
    expect(r.metrics.planSummary.indexesUsed).toEqual(vectorOnly);
    expect(r.metrics.executionStats!.resultsReturned).toBe(1);

    // a pre-filtered search names the composite vector index, its ordered fields first
    const filtered = env.db
      .collection(G)
      .where('kind', '==', 'a')
      .findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 1, distanceMeasure: 'EUCLIDEAN' });
    const composite = [{ query_scope: 'Collection', properties: '(kind ASC, embedding VECTOR<2>)' }];
    expect((await explain(filtered, { analyze: false })).metrics.planSummary.indexesUsed).toEqual(composite);
    const fr = await explain(filtered, { analyze: true });
    expect(fr.snapshot!.docs.map((d) => d.id)).toEqual(['east']);
    expect(fr.metrics.planSummary.indexesUsed).toEqual(composite);
  });
});
