import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AggregateField, Filter, type Query } from '@google-cloud/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchIndexReport, mergeIndexReports, printIndexReport } from './index-report.js';
import type { CompositeIndex } from './index-file.js';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

// Index enforcement driven through the official client: each rule with both outcomes (served by the
// automatic single-field indexes / refused until the index named in the error is in the file).
const FAILED_PRECONDITION = 9;

let env: TestEnv;
let dir: string;
let file: string;
type IndexFileJson = { indexes: object[]; fieldOverrides: object[] };
const writeIndexes = (json: IndexFileJson) => fs.writeFileSync(file, JSON.stringify(json, null, 2));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-indexes-'));
  file = path.join(dir, 'firestore.indexes.json');
  writeIndexes({ indexes: [], fieldOverrides: [] });
  env = await startEnv({ indexFile: file, indexMode: 'enforce' });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => writeIndexes({ indexes: [], fieldOverrides: [] }));

async function outcome(q: {
  get(): Promise<unknown>;
}): Promise<{ ok: true } | { ok: false; code: number; message: string }> {
  try {
    await q.get();
    return { ok: true };
  } catch (e) {
    const err = e as { code: number; details?: string; message: string };
    return { ok: false, code: err.code, message: err.details ?? err.message };
  }
}

/** Expects FAILED_PRECONDITION and returns the JSON the message names. */
async function missing(q: { get(): Promise<unknown> }): Promise<{ kind: 'indexes' | 'fieldOverrides'; json: any }> {
  const r = await outcome(q);
  if (r.ok) throw new Error('query was served, expected "requires an index"');
  expect(r.code).toBe(FAILED_PRECONDITION);
  const m = /Add this entry to "(indexes|fieldOverrides)" in firestore\.indexes\.json: (\{.*\})$/.exec(r.message);
  expect(m, r.message).not.toBeNull();
  return { kind: m![1] as 'indexes' | 'fieldOverrides', json: JSON.parse(m![2]!) };
}

/** The missing index from the error, pasted into the file: the query must then be served. */
async function addMissingAndRetry(
  q: { get(): Promise<unknown> },
  base: IndexFileJson = { indexes: [], fieldOverrides: [] },
) {
  const { kind, json } = await missing(q);
  const next = { ...base, [kind]: [...base[kind], json] };
  writeIndexes(next);
  expect(await outcome(q)).toEqual({ ok: true });
  return json;
}

const ids = async (q: Query) => (await q.get()).docs.map((d) => d.id);

describe('served by automatic single-field indexes', () => {
  it('equality filters on several fields (index merging), in, array-contains with equalities', async () => {
    const c = env.db.collection(uniq('eq'));
    await Promise.all([
      c.doc('a').set({ x: 1, y: 'a', tags: ['t'] }),
      c.doc('b').set({ x: 1, y: 'b', tags: ['t', 'u'] }),
    ]);
    expect(await ids(c.where('x', '==', 1).where('y', '==', 'b'))).toEqual(['b']);
    expect(await ids(c.where('x', '==', 1).where('y', 'in', ['a', 'b']))).toEqual(['a', 'b']);
    expect(await ids(c.where('tags', 'array-contains', 'u').where('x', '==', 1))).toEqual(['b']);
    expect(await ids(c.where('x', '==', 1).orderBy('__name__', 'desc'))).toEqual(['b', 'a']);
    expect(await ids(c.where('x', '==', 1).orderBy('x'))).toEqual(['a', 'b']); // order by an equality field is constant
  });

  it('a range or order on one field, either direction; no filter at all; collection group without filters', async () => {
    const g = uniq('one');
    const c = env.db.collection(g);
    await Promise.all([c.doc('a').set({ n: 1 }), c.doc('b').set({ n: 2 }), env.db.doc(`x/1/${g}/c`).set({ n: 3 })]);
    expect(await ids(c.where('n', '>', 0).orderBy('n', 'desc'))).toEqual(['b', 'a']);
    expect(await ids(c.orderBy('n', 'desc').limit(1))).toEqual(['b']);
    expect(await ids(c.where('n', 'not-in', [2]))).toEqual(['a']);
    expect(await ids(c)).toEqual(['a', 'b']);
    expect((await env.db.collectionGroup(g).get()).size).toBe(3);
    expect((await c.count().get()).data().count).toBe(2);
    expect((await c.aggregate({ s: AggregateField.sum('n') }).get()).data().s).toBe(3);
  });
});

describe('needs a composite index', () => {
  it('equality plus order on another field: refused with the index as JSON, served once it is in the file', async () => {
    const G = uniq('orders');
    const c = env.db.collection(G);
    await Promise.all([
      c.doc('a').set({ company: 'k', at: 1 }),
      c.doc('b').set({ company: 'k', at: 2 }),
      c.doc('c').set({ company: 'z', at: 3 }),
    ]);
    const q = c.where('company', '==', 'k').orderBy('at', 'desc');
    const json = await addMissingAndRetry(q);
    expect(json).toEqual({
      collectionGroup: G,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'company', order: 'ASCENDING' },
        { fieldPath: 'at', order: 'DESCENDING' },
      ],
    });
    expect(await ids(q)).toEqual(['b', 'a']);
    // the ascending order is another index: production does not scan a composite index backwards
    const asc = await missing(c.where('company', '==', 'k').orderBy('at'));
    expect(asc.json.fields[1]).toEqual({ fieldPath: 'at', order: 'ASCENDING' });
  });

  it('equality plus range on another field, two orderBys, inequalities on two fields', async () => {
    const G = uniq('rng');
    const c = env.db.collection(G);
    await c.doc('a').set({ a: 1, b: 2, c: 3 });
    const one = await missing(c.where('a', '==', 1).where('b', '>', 0));
    expect(one.json.fields).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'ASCENDING' },
    ]);
    const two = await missing(c.orderBy('a').orderBy('b', 'desc'));
    expect(two.json.fields).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'DESCENDING' },
    ]);
    // implicit order: inequality fields by path after the explicit ones
    const ineq = await addMissingAndRetry(c.where('c', '>', 0).where('b', '<', 5));
    expect(ineq.fields).toEqual([
      { fieldPath: 'b', order: 'ASCENDING' },
      { fieldPath: 'c', order: 'ASCENDING' },
    ]);
    // a range with an order on another field
    const other = await addMissingAndRetry(c.where('b', '>', 0).orderBy('a', 'desc'));
    expect(other.fields).toEqual([
      { fieldPath: 'a', order: 'DESCENDING' },
      { fieldPath: 'b', order: 'DESCENDING' },
    ]);
  });

  it('__name__ ordered against the last field direction needs it listed explicitly', async () => {
    const G = uniq('nm');
    const c = env.db.collection(G);
    await c.doc('a').set({ n: 1 });
    const { json } = await missing(c.orderBy('n').orderBy('__name__', 'desc'));
    expect(json.fields).toEqual([
      { fieldPath: 'n', order: 'ASCENDING' },
      { fieldPath: '__name__', order: 'DESCENDING' },
    ]);
  });

  it('array-contains with a range or an order on another field', async () => {
    const G = uniq('arr');
    const c = env.db.collection(G);
    await Promise.all([c.doc('a').set({ tags: ['x'], n: 1 }), c.doc('b').set({ tags: ['x'], n: 5 })]);
    const json = await addMissingAndRetry(c.where('tags', 'array-contains', 'x').where('n', '>', 2));
    expect(json.fields).toEqual([
      { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
      { fieldPath: 'n', order: 'ASCENDING' },
    ]);
    expect(await ids(c.where('tags', 'array-contains', 'x').where('n', '>', 2))).toEqual(['b']);
    // the same index serves the order without the range
    expect(await ids(c.where('tags', 'array-contains-any', ['x']).orderBy('n'))).toEqual(['a', 'b']);
  });

  it('OR queries need an index per disjunction', async () => {
    const G = uniq('or');
    const c = env.db.collection(G);
    await Promise.all([c.doc('a').set({ a: 1, b: 9, c: 0 }), c.doc('b').set({ a: 2, b: 1, c: 3 })]);
    // each disjunction is a single equality: automatic indexes
    expect(await ids(c.where(Filter.or(Filter.where('a', '==', 1), Filter.where('c', '==', 3))))).toEqual(['a', 'b']);
    // (a == 2 AND b > 0) OR c == 0: the first disjunction needs (a, b)
    const q = c.where(
      Filter.or(Filter.and(Filter.where('a', '==', 2), Filter.where('b', '>', 0)), Filter.where('c', '==', 0)),
    );
    const first = await missing(q);
    expect(first.json.fields).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'ASCENDING' },
    ]);
    writeIndexes({ indexes: [first.json], fieldOverrides: [] });
    // the query orders by b implicitly, so the disjunction c == 0 needs (c, b) as well
    const second = await missing(q);
    expect(second.json.fields).toEqual([
      { fieldPath: 'c', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'ASCENDING' },
    ]);
    writeIndexes({ indexes: [first.json, second.json], fieldOverrides: [] });
    expect(await ids(q)).toEqual(['b', 'a']);
  });

  it('aggregations: sum/avg read their fields from the index', async () => {
    const G = uniq('agg');
    const c = env.db.collection(G);
    await Promise.all([c.doc('a').set({ g: 'x', n: 1, m: 10 }), c.doc('b').set({ g: 'x', n: 2, m: 20 })]);
    expect((await c.where('g', '==', 'x').count().get()).data().count).toBe(2); // count needs only the query's index
    const filtered = await addMissingAndRetry(c.where('g', '==', 'x').aggregate({ s: AggregateField.sum('n') }));
    expect(filtered.fields).toEqual([
      { fieldPath: 'g', order: 'ASCENDING' },
      { fieldPath: 'n', order: 'ASCENDING' },
    ]);
    const two = await addMissingAndRetry(c.aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('m') }));
    expect(two.fields).toEqual([
      { fieldPath: 'n', order: 'ASCENDING' },
      { fieldPath: 'm', order: 'ASCENDING' },
    ]);
    expect((await c.aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('m') }).get()).data()).toEqual({
      s: 3,
      a: 15,
    });
    // a count with a range uses the (g, n) index scanned either way; the query itself needs the ascending one
    const desc = {
      collectionGroup: G,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'g', order: 'ASCENDING' },
        { fieldPath: 'n', order: 'DESCENDING' },
      ],
    };
    writeIndexes({ indexes: [desc], fieldOverrides: [] });
    expect((await c.where('g', '==', 'x').where('n', '>', 1).count().get()).data().count).toBe(1);
    expect((await outcome(c.where('g', '==', 'x').where('n', '>', 1))).ok).toBe(false);
  });

  it('a Listen target without its index is removed with the error', async () => {
    const c = env.db.collection(uniq('listen'));
    const err = await new Promise<Error>((resolve) => {
      const unsub = c
        .where('a', '==', 1)
        .orderBy('b')
        .onSnapshot(
          () => undefined,
          (e) => {
            unsub();
            resolve(e);
          },
        );
    });
    // the client surfaces a removed target as `Error <code>: <message>`
    expect(err.message).toMatch(new RegExp(`^Error ${FAILED_PRECONDITION}: The query requires an index`));
  });
});

describe('collection group scope', () => {
  it('a filtered collection group query needs a collection-group single-field index (a field override)', async () => {
    const G = uniq('cg');
    await Promise.all([env.db.doc(`p/1/${G}/a`).set({ owner: 'u' }), env.db.doc(`p/2/${G}/b`).set({ owner: 'v' })]);
    const q = env.db.collectionGroup(G).where('owner', '==', 'u');
    const ov = await addMissingAndRetry(q);
    expect(ov).toEqual({
      collectionGroup: G,
      fieldPath: 'owner',
      indexes: [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'DESCENDING', queryScope: 'COLLECTION' },
        { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
        { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
      ],
    });
    expect((await q.get()).docs.map((d) => d.ref.path)).toEqual([`p/1/${G}/a`]);
  });

  it('a collection-scope composite index does not serve a collection group query', async () => {
    const G = uniq('cgc');
    await env.db.doc(`p/1/${G}/a`).set({ a: 1, b: 2 });
    const collectionScoped = {
      collectionGroup: G,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    };
    writeIndexes({ indexes: [collectionScoped], fieldOverrides: [] });
    const q = env.db.collectionGroup(G).where('a', '==', 1).orderBy('b');
    const { json } = await missing(q);
    expect(json).toEqual({ ...collectionScoped, queryScope: 'COLLECTION_GROUP' });
    writeIndexes({ indexes: [collectionScoped, json], fieldOverrides: [] });
    expect((await q.get()).size).toBe(1);
  });
});

describe('fieldOverrides', () => {
  it('an exempted field has no automatic index: equality and order are refused', async () => {
    const G = uniq('ex');
    const c = env.db.collection(G);
    await c.doc('a').set({ blob: 'x', m: { deep: 1 }, other: 1 });
    const exempt = { collectionGroup: G, fieldPath: 'blob', indexes: [] };
    writeIndexes({ indexes: [], fieldOverrides: [exempt] });
    const eq = await missing(c.where('blob', '==', 'x'));
    expect(eq.kind).toBe('fieldOverrides');
    expect(eq.json).toEqual({
      collectionGroup: G,
      fieldPath: 'blob',
      indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
    });
    expect((await missing(c.orderBy('blob', 'desc'))).json.indexes).toEqual([
      { order: 'DESCENDING', queryScope: 'COLLECTION' },
    ]);
    expect(await outcome(c.where('other', '==', 1))).toEqual({ ok: true });
    // only the descending index kept: ascending order is refused, descending served
    writeIndexes({
      indexes: [],
      fieldOverrides: [
        { collectionGroup: G, fieldPath: 'blob', indexes: [{ order: 'DESCENDING', queryScope: 'COLLECTION' }] },
      ],
    });
    expect(await outcome(c.orderBy('blob', 'desc'))).toEqual({ ok: true });
    expect((await outcome(c.orderBy('blob'))).ok).toBe(false);
    expect(await outcome(c.where('blob', '==', 'x'))).toEqual({ ok: true }); // equality uses either direction
  });

  it('map subfields inherit an exemption; `*` exempts every field of the group', async () => {
    const G = uniq('exm');
    const c = env.db.collection(G);
    await c.doc('a').set({ m: { deep: 1 }, n: 1 });
    writeIndexes({ indexes: [], fieldOverrides: [{ collectionGroup: G, fieldPath: 'm', indexes: [] }] });
    const sub = await missing(c.where('m.deep', '==', 1));
    expect(sub.json).toEqual({
      collectionGroup: G,
      fieldPath: 'm.deep',
      indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
    });
    expect(await outcome(c.where('n', '==', 1))).toEqual({ ok: true });
    writeIndexes({
      indexes: [],
      fieldOverrides: [
        { collectionGroup: G, fieldPath: '*', indexes: [] },
        { collectionGroup: G, fieldPath: 'n', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }] },
      ],
    });
    expect((await outcome(c.where('m.deep', '==', 1))).ok).toBe(false);
    expect(await outcome(c.where('n', '==', 1))).toEqual({ ok: true });
  });
});

describe('modes, file handling and the usage report', () => {
  it('warn mode answers and logs the missing index once; off mode answers silently', async () => {
    const warn = await startEnv({ indexFile: file, indexMode: 'warn' });
    const off = await startEnv({ indexFile: file, indexMode: 'off' });
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const G = uniq('warn');
      await warn.db.collection(G).doc('a').set({ a: 1, b: 2 });
      await off.db.collection(G).doc('a').set({ a: 1, b: 2 });
      const q = (e: TestEnv) => e.db.collection(G).where('a', '==', 1).orderBy('b');
      expect((await q(warn).get()).size).toBe(1);
      expect((await q(warn).get()).size).toBe(1);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(String(spy.mock.calls[0]![0])).toContain(`"collectionGroup":"${G}"`);
      expect((await q(off).get()).size).toBe(1);
      expect(spy).toHaveBeenCalledTimes(1);
      const report = await (await fetch(`http://127.0.0.1:${warn.emu.port}/emulator/v1/indexes`)).json();
      expect(report.missing).toEqual([{ index: expect.objectContaining({ collectionGroup: G }), count: 2 }]);
    } finally {
      spy.mockRestore();
      await warn.close();
      await off.close();
    }
  });

  it('an invalid index file fails queries with a message naming it', async () => {
    fs.writeFileSync(file, '{"indexes": [ {"collectionGroup": "x"} ]}');
    const r = await outcome(env.db.collection(uniq('bad')).where('a', '==', 1));
    expect(r).toMatchObject({ ok: false, code: FAILED_PRECONDITION });
    expect((r as { message: string }).message).toContain('firestore.indexes.json is invalid');
  });

  it('reports which indexes of the file served queries and which are unused', async () => {
    const G = uniq('use');
    const used: CompositeIndex = {
      collectionGroup: G,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    };
    const unused: CompositeIndex = {
      collectionGroup: G,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'c', order: 'DESCENDING' },
      ],
    };
    writeIndexes({ indexes: [used, unused], fieldOverrides: [] });
    await env.db.collection(G).doc('x').set({ a: 1, b: 1, c: 1 });
    await env.db.collection(G).where('a', '==', 1).orderBy('b').get();
    const report = await (await fetch(`http://127.0.0.1:${env.emu.port}/emulator/v1/indexes`)).json();
    expect(report.mode).toBe('enforce');
    expect(report.indexes).toEqual([
      { ...used, uses: 1 },
      { ...unused, uses: 0 },
    ]);
    expect(report.unused).toEqual([unused]);
    // the helpers the API suite's teardown calls
    const fetched = await fetchIndexReport(`127.0.0.1:${env.emu.port}`);
    const lines: string[] = [];
    printIndexReport(fetched, (l) => lines.push(l));
    expect(lines.slice(0, 2)).toEqual([
      `Firestore: 1 of 2 indexes in ${file} served no query:`,
      `  unused: ${JSON.stringify(unused)}`,
    ]);
    // then the indexes the refused queries of this file asked for
    expect(lines.slice(2).every((l) => l.startsWith('  missing ('))).toBe(true);
    expect(await fetchIndexReport('127.0.0.1:1')).toBeNull(); // no emulator: no report, no throw
    // two stacks that ran parts of one suite: an index one of them used is used, missing counts add up
    const other = {
      ...fetched!,
      indexes: [
        { ...used, uses: 0 },
        { ...unused, uses: 2 },
      ],
      unused: [used],
    };
    const merged = mergeIndexReports([fetched, null, other])!;
    expect(merged.indexes).toEqual([
      { ...used, uses: 1 },
      { ...unused, uses: 2 },
    ]);
    expect(merged.unused).toEqual([]);
    expect(merged.missing.map((m) => m.count)).toEqual(fetched!.missing.map((m) => m.count * 2));
  });
});
