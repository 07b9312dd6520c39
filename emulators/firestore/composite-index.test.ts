import { describe, expect, it } from 'vitest';
import { servedCount } from './composite-query.js';
import { execute } from './execute.js';
import { plan, type Filter, type StructuredQuery } from './query.js';
import { SortedList } from './sorted-list.js';
import { Store, type Doc } from './store.js';
import type { Value } from './values.js';

// Composite indexes (composite-index.ts, composite-query.ts) must answer every query they serve exactly like the
// scan path: random documents, writes and deletes in two stores (one serving from its indexes, one scanning),
// random queries of the served shapes compared on their pages and their counts.
const ROOT = 'projects/p/databases/(default)/documents';
const COLL = `${ROOT}/things`;

/** A small deterministic PRNG (mulberry32), so a failure reproduces from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

const int = (n: number): Value => ({ integerValue: String(n) });
const dbl = (n: number): Value => ({ doubleValue: n });
const str = (s: string): Value => ({ stringValue: s });
const ts = (seconds: number, nanos = 0): Value => ({ timestampValue: { seconds: String(seconds), nanos } });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });

/** Scalars of every served kind with equal pairs across kinds (1 and 1.0, 0 and -0), and values never served. */
const SCALARS: Value[] = [
  int(0),
  dbl(-0),
  int(1),
  dbl(1),
  dbl(1.5),
  int(-3),
  int(7),
  str('a'),
  str('ab'),
  str('b'),
  str(''),
  { booleanValue: true },
  { booleanValue: false },
  ts(1_700_000_000, 123_456_000),
  ts(1_700_000_000, 123_456_789), // equal to the one before in microseconds
  ts(1_600_000_000),
];
const UNSERVED: Value[] = [
  { nullValue: 'NULL_VALUE' },
  dbl(Number.NaN),
  int(2 ** 60),
  { referenceValue: `${ROOT}/x/y` },
  arr(str('a')),
  { mapValue: { fields: { k: int(1) } } },
];

function randomValue(r: ReturnType<typeof rng>): Value | undefined {
  const x = r.next();
  if (x < 0.08) return undefined; // missing
  if (x < 0.2) return r.pick(UNSERVED);
  return r.pick(SCALARS);
}

function randomDoc(r: ReturnType<typeof rng>, id: string, time: number): Doc {
  const fields: Record<string, Value> = {};
  const set = (k: string, v: Value | undefined) => v !== undefined && (fields[k] = v);
  set('a', r.next() < 0.7 ? r.pick([str('x'), str('y'), int(1), dbl(1), str('z')]) : randomValue(r));
  set('b', randomValue(r));
  set('o', randomValue(r));
  set('q', r.next() < 0.5 ? int(r.int(4)) : randomValue(r));
  const tags = Array.from({ length: r.int(4) }, () => r.pick([str('t1'), str('t2'), str('t3'), int(1), dbl(1)]));
  if (r.next() < 0.85) fields.tags = arr(...tags);
  else set('tags', randomValue(r));
  if (r.next() < 0.5) fields.m = { mapValue: { fields: { deep: r.pick([int(1), int(2), str('d')]) } } };
  return { name: `${COLL}/${id}`, fields, createTime: time, updateTime: time };
}

const field = (fieldPath: string, op: string, value: Value): Filter => ({
  fieldFilter: { field: { fieldPath }, op, value },
});

/** A random query of a served shape: equalities, maybe a range on the first ordered field, orders, cursors, page. */
function randomQuery(r: ReturnType<typeof rng>, docs: Doc[]): StructuredQuery {
  const filters: Filter[] = [];
  const eqValue = () => r.pick([str('x'), str('y'), int(1), dbl(1.0), str('z'), ...SCALARS]);
  if (r.next() < 0.6) filters.push(field('a', 'EQUAL', eqValue()));
  else if (r.next() < 0.5) filters.push(field('a', 'IN', arr(eqValue(), eqValue(), eqValue())));
  if (r.next() < 0.4) filters.push(field('tags', 'ARRAY_CONTAINS', r.pick([str('t1'), str('t2'), int(1)])));
  if (r.next() < 0.2) filters.push(field('m.deep', 'EQUAL', r.pick([int(1), int(2), str('d')])));
  const orderFields = ['o', 'q', 'b', 'a'];
  const orderBy: NonNullable<StructuredQuery['orderBy']> = [];
  for (let n = r.int(3); n > 0; n--) {
    const f = r.pick(orderFields);
    if (!orderBy.some((o) => o.field?.fieldPath === f))
      orderBy.push({ field: { fieldPath: f }, direction: r.next() < 0.5 ? 'ASCENDING' : 'DESCENDING' });
  }
  if (r.next() < 0.3) {
    // a range on the first ordered field (the implicit one when there is no orderBy)
    const f = orderBy[0]?.field?.fieldPath ?? 'o';
    if (f !== 'a' || !filters.some((x) => x.fieldFilter?.field?.fieldPath === 'a')) {
      const ops = ['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL'];
      for (let n = 1 + r.int(2); n > 0; n--) filters.push(field(f, r.pick(ops), r.pick(SCALARS)));
    }
  }
  if (r.next() < 0.2 && orderBy.length) orderBy.push({ field: { fieldPath: '__name__' }, direction: 'DESCENDING' });
  const q: StructuredQuery = { from: [{ collectionId: 'things' }], orderBy };
  if (filters.length) q.where = { compositeFilter: { op: 'AND', filters } };
  const cursorOf = () => {
    const d = r.pick(docs);
    const values = orderBy.map((o) => d.fields[o.field!.fieldPath!] ?? r.pick(SCALARS));
    const n = r.int(values.length + 2);
    return { values: [...values, { referenceValue: d.name }].slice(0, n), before: r.next() < 0.5 };
  };
  if (r.next() < 0.3) q.startAt = cursorOf();
  if (r.next() < 0.3) q.endAt = cursorOf();
  if (r.next() < 0.5) q.offset = r.int(30);
  if (r.next() < 0.7) q.limit = { value: r.int(25) };
  return q;
}

function answer(store: Store, q: StructuredQuery) {
  let p;
  try {
    p = plan(store, ROOT, q);
  } catch {
    return { error: true, shape: false, served: undefined, names: [], unordered: [], count: 0 };
  }
  const names = execute(store, p).map((d) => d.name);
  const unordered = execute(store, p, undefined, true)
    .map((d) => d.name)
    .sort();
  return { shape: !!p.shape, served: servedCount(store, p, undefined), names, unordered, count: names.length };
}

describe('composite indexes answer like a scan', () => {
  it('random documents, writes, deletes and queries: pages, counts, offsets, cursors, desc, in', () => {
    for (const seed of [1, 2, 3]) {
      const r = rng(seed);
      const indexed = new Store(0);
      const scanned = new Store(Number.POSITIVE_INFINITY);
      let time = 1;
      const live = new Map<string, Doc>();
      const write = () => {
        const id = `d${String(r.int(400)).padStart(3, '0')}`;
        time++;
        if (live.has(id) && r.next() < 0.25) {
          indexed.delete(`${COLL}/${id}`, time);
          scanned.delete(`${COLL}/${id}`, time);
          live.delete(id);
          return;
        }
        const doc = randomDoc(r, id, time);
        indexed.put(doc, time);
        scanned.put(doc, time);
        live.set(id, doc);
      };
      let served = 0;
      for (let round = 0; round < 8; round++) {
        // few writes (applied to the built indexes) or many (rebuilt)
        for (let n = round % 3 === 2 ? 600 : 1 + r.int(40); n > 0; n--) write();
        for (let k = 0; k < 60; k++) {
          const q = randomQuery(r, [...live.values()]);
          const got = answer(indexed, q);
          const want = answer(scanned, q);
          const label = `seed ${seed} round ${round}: ${JSON.stringify(q)}`;
          expect(got.names, label).toEqual(want.names);
          expect(got.unordered, label).toEqual(want.unordered);
          if (got.error) continue;
          expect(got.shape, label).toBe(true);
          expect(got.served, label).toBe(want.count);
          expect(want.served, label).toBeUndefined(); // the scanning store really scans
          if (want.count > 0) served++;
        }
      }
      expect(served).toBeGreaterThan(100); // the queries match documents, not just nothing
    }
  });

  it("a count borrows the page's index only while every matching document is in it", () => {
    const indexed = new Store(0);
    const scanned = new Store(Number.POSITIVE_INFINITY);
    const put = (id: string, fields: Record<string, Value>) => {
      for (const s of [indexed, scanned]) s.put({ name: `${COLL}/${id}`, fields, createTime: 1, updateTime: 1 }, 1);
    };
    for (let i = 0; i < 50; i++) put(`d${i}`, { a: str(i % 2 ? 'x' : 'y'), o: int(i % 7) });
    const where = field('a', 'EQUAL', str('x'));
    const page: StructuredQuery = {
      from: [{ collectionId: 'things' }],
      where,
      orderBy: [{ field: { fieldPath: 'o' } }],
    };
    const count: StructuredQuery = { from: [{ collectionId: 'things' }], where };
    const same = () => {
      expect(answer(indexed, page)).toEqual({ ...answer(scanned, page), served: 25 + extra });
      expect(answer(indexed, count).served).toBe(answer(scanned, count).count);
    };
    let extra = 0;
    same();
    put('lacks-o', { a: str('x') }); // matches the count, but is in no index ordered by o
    same();
    put('lacks-o', { a: str('x'), o: int(1) });
    extra = 1;
    same();
  });

  it('serves no shape it cannot answer exactly', () => {
    const store = new Store(0);
    const shapes = (where: Filter, orderBy: StructuredQuery['orderBy'] = []) =>
      !!plan(store, ROOT, { from: [{ collectionId: 'things' }], where, orderBy }).shape;
    expect(shapes(field('a', 'NOT_EQUAL', int(1)))).toBe(false);
    expect(shapes(field('a', 'ARRAY_CONTAINS_ANY', arr(int(1))))).toBe(false);
    expect(shapes(field('a', 'EQUAL', { nullValue: 'NULL_VALUE' }))).toBe(false);
    expect(shapes(field('a', 'EQUAL', dbl(Number.NaN)))).toBe(false);
    expect(shapes({ compositeFilter: { op: 'OR', filters: [field('a', 'EQUAL', int(1))] } })).toBe(false);
    expect(shapes(field('a', 'GREATER_THAN', int(1)), [{ field: { fieldPath: 'b' } }])).toBe(false);
    expect(shapes(field('__name__', 'GREATER_THAN', { referenceValue: `${COLL}/a` }))).toBe(false);
    expect(shapes(field('a', 'GREATER_THAN', int(1)), [{ field: { fieldPath: 'a' } }])).toBe(true);
  });
});

describe('SortedList', () => {
  it('keeps order and positions through inserts and removes across chunks', () => {
    const r = rng(7);
    const cmp = (a: number, b: number) => a - b;
    const list = SortedList.fromSorted(
      Array.from({ length: 1500 }, (_, i) => i * 2),
      cmp,
    );
    const model = Array.from({ length: 1500 }, (_, i) => i * 2);
    for (let k = 0; k < 4000; k++) {
      const x = r.int(4000);
      if (r.next() < 0.5) {
        list.insert(x);
        model.splice(model.findIndex((y) => y >= x) === -1 ? model.length : model.findIndex((y) => y >= x), 0, x);
      } else {
        const i = model.indexOf(x);
        expect(list.remove(x)).toBe(i >= 0);
        if (i >= 0) model.splice(i, 1);
      }
    }
    expect(list.size).toBe(model.length);
    expect([...list.range(0, list.size)]).toEqual(model);
    expect([...list.range(100, 900, true)]).toEqual(model.slice(100, 900).reverse());
    expect(list.lowerBound((x) => x >= 1000)).toBe(model.findIndex((y) => y >= 1000));
  });
});
