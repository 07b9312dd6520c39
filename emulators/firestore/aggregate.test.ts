import { AggregateField } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env.close();
});

/** Runs an aggregation through the generated client to see raw protobuf results (int vs double, up_to). */
async function rawAggregate(collectionId: string, aggregations: object[]) {
  const stream = env.gapic.runAggregationQuery({
    parent: env.root,
    structuredAggregationQuery: { structuredQuery: { from: [{ collectionId }] }, aggregations },
  });
  for await (const r of stream as AsyncIterable<any>)
    if (r.result) return r.result.aggregateFields as Record<string, any>;
  throw new Error('no result');
}

describe('aggregations', () => {
  it('count, sum and avg ignore missing and non-numeric values', async () => {
    const coll = env.db.collection(uniq('agg'));
    await Promise.all([
      coll.doc('a').set({ n: 1, g: 'x' }),
      coll.doc('b').set({ n: 2, g: 'x' }),
      coll.doc('c').set({ n: 3.5, g: 'y' }),
      coll.doc('d').set({ n: 'str', g: 'y' }),
      coll.doc('e').set({ n: null }),
      coll.doc('f').set({ n: [1] }),
      coll.doc('g').set({ other: 1 }),
    ]);
    const r = await coll
      .aggregate({ c: AggregateField.count(), s: AggregateField.sum('n'), a: AggregateField.average('n') })
      .get();
    expect(r.data()).toEqual({ c: 7, s: 6.5, a: 6.5 / 3 });
    expect((await coll.count().get()).data().count).toBe(7);
    expect((await coll.where('g', '==', 'x').count().get()).data().count).toBe(2);
    expect((await coll.orderBy('n').limit(3).count().get()).data().count).toBe(3);
    const sumX = await coll
      .where('g', '==', 'x')
      .aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('n') })
      .get();
    expect(sumX.data()).toEqual({ s: 3, a: 1.5 });
  });

  it('sum of integers stays an integer, overflows to double; avg is a double', async () => {
    const coll = uniq('aggint');
    await env.db
      .collection(coll)
      .doc('a')
      .set({ n: 40, big: 2 ** 62 });
    await env.db
      .collection(coll)
      .doc('b')
      .set({ n: 2, big: 2 ** 62 });
    const r = await rawAggregate(coll, [
      { alias: 's', sum: { field: { fieldPath: 'n' } } },
      { alias: 'a', avg: { field: { fieldPath: 'n' } } },
      { alias: 'big', sum: { field: { fieldPath: 'big' } } },
    ]);
    expect(r.s).toMatchObject({ integerValue: '42' });
    expect(r.a).toMatchObject({ doubleValue: 21 });
    expect(r.big).toMatchObject({ doubleValue: 2 ** 63 });
  });

  it('empty input: sum 0, avg null; NaN poisons sum and avg', async () => {
    const empty = env.db.collection(uniq('aggempty'));
    const r = await empty
      .aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('n'), c: AggregateField.count() })
      .get();
    expect(r.data()).toEqual({ s: 0, a: null, c: 0 });
    const nan = env.db.collection(uniq('aggnan'));
    await Promise.all([nan.doc('a').set({ n: NaN }), nan.doc('b').set({ n: 1 })]);
    const r2 = await nan.aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('n') }).get();
    expect(Number.isNaN(r2.data().s)).toBe(true);
    expect(Number.isNaN(r2.data().a)).toBe(true);
    const inf = env.db.collection(uniq('agginf'));
    await Promise.all([inf.doc('a').set({ n: Infinity }), inf.doc('b').set({ n: -Infinity })]);
    expect(Number.isNaN((await inf.aggregate({ s: AggregateField.sum('n') }).get()).data().s)).toBe(true);
  });

  it('count up_to caps the count', async () => {
    const coll = uniq('aggupto');
    await Promise.all([1, 2, 3, 4].map((i) => env.db.collection(coll).doc(`d${i}`).set({ i })));
    const r = await rawAggregate(coll, [
      { alias: 'capped', count: { upTo: { value: 2 } } },
      { alias: 'all', count: {} },
    ]);
    expect(r.capped).toMatchObject({ integerValue: '2' });
    expect(r.all).toMatchObject({ integerValue: '4' });
  });

  it('aggregates collection groups', async () => {
    const g = uniq('aggg');
    await Promise.all([
      env.db.doc(`x/1/${g}/a`).set({ n: 1 }),
      env.db.doc(`y/2/z/3/${g}/b`).set({ n: 2 }),
      env.db.doc(`${g}/c`).set({ n: 3 }),
    ]);
    const r = await env.db
      .collectionGroup(g)
      .aggregate({ s: AggregateField.sum('n'), c: AggregateField.count() })
      .get();
    expect(r.data()).toEqual({ s: 6, c: 3 });
  });
});
