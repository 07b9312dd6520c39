// Queries served by a composite index (composite-index.ts): the query's equality filters pick the entries' lists,
// its range filter and cursors narrow each list by binary search, so count() is the ranges' size and an offset
// page a slice, without touching the documents outside the page.
import { eqKey, type EqKey, type Entry, type Layout } from './composite-index.js';
import { compareKeys, toKey, type Key } from './field-index.js';
import { isNameSegs, parseFieldPath } from './field-paths.js';
import type { Filter, Plan } from './query.js';
import { afterEnd, beforeStart, rowOrder, type Row } from './rows.js';
import type { SortedList } from './sorted-list.js';
import type { Doc, Store } from './store.js';
import { isNaNValue, kindOf, type Value } from './values.js';

/** A range filter on the index's first ordered field: the bounds within one type class. */
interface RangeSpec {
  t: number;
  lowers: { key: Key; inclusive: boolean }[];
  uppers: { key: Key; inclusive: boolean }[];
}

/** How a query maps onto an index: which lists (equality values) and which range of them it reads. */
export interface Shape {
  layout: Layout;
  /** the query's order runs against the stored order */
  reversed: boolean;
  /** per equality field (in the layout's order) the values the filters select: several for `in` */
  values: EqKey[][];
  /** a range on the first ordered field; null: ranges of different type classes (nothing matches) */
  range?: RangeSpec | null;
  /** per position of the plan's order: its index in the layout's order, EQ for an equality field, NAME */
  pos: number[];
}

const EQ = -1;
const NAME = -2;
const RANGE_OPS = new Set(['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL']);
/** Kinds whose order in an index equals the range filter's (no null, NaN, arrays, maps…). */
const RANGE_KINDS = new Set([
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'referenceValue',
]);
const NUMBER_TYPE = toKey({ integerValue: '0' }).t;

type PlanOrder = Plan['order'];

/**
 * The index shape serving a query, or undefined when none serves it exactly: the filter must be an AND of `==` /
 * `in` / `array-contains` on plain values and of ranges on the first ordered field, and the name must come last
 * in the order. Everything else (OR, `!=`, `not-in`, array-contains-any, unary filters, filters on the name,
 * ranges elsewhere) runs the scan path.
 */
export function compositeShape(where: Filter | undefined, order: PlanOrder): Shape | undefined {
  const conjuncts: Filter[] = [];
  const flatten = (f: Filter) => {
    if (f.compositeFilter?.op === 'AND') (f.compositeFilter.filters ?? []).forEach(flatten);
    else conjuncts.push(f);
  };
  if (where) flatten(where);
  const eq = new Map<string, { segs: string[]; contains: boolean; points: EqKey[] }>();
  let rangeField: string | undefined;
  let range: RangeSpec | null | undefined;
  for (const f of conjuncts) {
    const ff = f.fieldFilter;
    if (!ff) return undefined;
    const segs = parseFieldPath(ff.field?.fieldPath ?? '');
    if (isNameSegs(segs) || !ff.value) return undefined;
    const id = segs.join('\u0000');
    const op = ff.op ?? '';
    if (RANGE_OPS.has(op)) {
      const v = ff.value;
      if (!RANGE_KINDS.has(kindOf(v)) || isNaNValue(v) || (rangeField !== undefined && rangeField !== id)) return;
      rangeField = id;
      range = addBound(range, toKey(v), op);
      continue;
    }
    const contains = op === 'ARRAY_CONTAINS';
    if (op !== 'EQUAL' && op !== 'IN' && !contains) return undefined;
    const values = op === 'IN' ? (ff.value.arrayValue?.values ?? []) : [ff.value];
    const points = values.map(eqKey);
    const dim = (contains ? 'C' : 'V') + id;
    if (points.some((x) => x === undefined) || eq.has(dim)) return undefined;
    eq.set(dim, { segs, contains, points: [...new Set(points as EqKey[])] });
  }
  if (rangeField !== undefined && eq.has('V' + rangeField)) return undefined;
  // single-valued fields first (V…), array-contains last (C…): the index's levels
  const dims = [...eq.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([, d]) => d);

  // the layout's order: the plan's order without the equality fields (constant within one list)
  const pos: number[] = [];
  const layoutOrder: { segs: string[]; dir: 1 | -1 }[] = [];
  let nameDir: 1 | -1 | undefined;
  for (const o of order) {
    if (nameDir !== undefined) return undefined; // fields after the name: not an index's shape
    if (o.isName) {
      nameDir = o.dir;
      pos.push(NAME);
    } else if (eq.has('V' + o.segs.join('\u0000'))) pos.push(EQ);
    else pos.push(layoutOrder.push({ segs: o.segs, dir: o.dir }) - 1);
  }
  if (nameDir === undefined) return undefined;
  if (rangeField !== undefined && layoutOrder[0]?.segs.join('\u0000') !== rangeField) return undefined;

  // stored with the first direction ascending, so a query and its reverse share one index
  const flip = (layoutOrder[0]?.dir ?? nameDir) === -1 ? -1 : 1;
  const layout: Layout = {
    id: '',
    eq: dims.map(({ segs, contains }) => ({ segs, contains })),
    order: layoutOrder.map((o) => ({ segs: o.segs, dir: (o.dir * flip) as 1 | -1 })),
    nameDir: (nameDir * flip) as 1 | -1,
  };
  layout.id = JSON.stringify([layout.eq, layout.order, layout.nameDir]);
  return { layout, reversed: flip === -1, values: dims.map((d) => d.points), range, pos };
}

function addBound(range: RangeSpec | null | undefined, key: Key, op: string): RangeSpec | null {
  if (range === null) return null;
  const r = range ?? { t: key.t, lowers: [], uppers: [] };
  if (r.t !== key.t) return null; // two type classes: nothing matches
  const bound = { key, inclusive: op.endsWith('OR_EQUAL') };
  (op.startsWith('LESS') ? r.uppers : r.lowers).push(bound);
  return r;
}

/** Where a key lies against the range, in ascending value order: before it (-1), inside (0), after it (1). */
function sideOf(k: Key, r: RangeSpec): number {
  if (k.t !== r.t) return k.t < r.t ? -1 : 1;
  if (k.t === NUMBER_TYPE && isNaNValue(k.v)) return -1; // NaN sorts first and lies outside every range
  for (const { key, inclusive } of r.lowers) {
    const c = compareKeys(k, key);
    if (c < 0 || (c === 0 && !inclusive)) return -1;
  }
  for (const { key, inclusive } of r.uppers) {
    const c = compareKeys(k, key);
    if (c > 0 || (c === 0 && !inclusive)) return 1;
  }
  return 0;
}

/** One list's part the query reads: stored positions [from, to). */
interface Part {
  list: SortedList<Entry>;
  from: number;
  to: number;
}

/** The parts of the index a query reads, or undefined when no index serves it (then it runs the scan path). */
function partsOf(store: Store, p: Plan, readTime: number | undefined, count = false): Part[] | undefined {
  const shape = p.shape;
  if (!shape || !store.compositeIndexesOn || readTime !== undefined || p.nearest || p.collections.length !== 1)
    return undefined;
  const coll = p.collections[0]!;
  const docs = store.collections.get(coll);
  if (!docs || docs.size < store.fieldIndexMinDocs) return undefined;
  if (shape.range === null) return [];
  const all = () => docs.values();
  // a count without cursors does not care about the order: any index with its equality fields may answer it
  const index =
    count && shape.layout.order.length === 0 && !p.startAt && !p.endAt
      ? store.compositeIndexes.forCount(coll, shape.layout, all)
      : store.compositeIndexes.index(coll, shape.layout);
  const parts: Part[] = [];
  for (const list of index.lists(all, shape.values)) {
    let from = 0;
    let to = list.size;
    const r = shape.range;
    if (r) {
      // stored positions: side × the first field's stored direction rises along the list
      const dir = shape.layout.order[0]!.dir;
      from = list.lowerBound((e) => sideOf(e.k[0]!, r) * dir >= 0);
      to = list.lowerBound((e) => sideOf(e.k[0]!, r) * dir > 0);
    }
    if (p.startAt || p.endAt) {
      const row = (e: Entry) => rowOfEntry(e, p);
      // in query order the cursors cut off a prefix and a suffix; stored order is query order unless reversed
      const lo = shape.reversed
        ? list.lowerBound((e) => !afterEnd(row(e), p))
        : list.lowerBound((e) => !beforeStart(row(e), p));
      const hi = shape.reversed
        ? list.lowerBound((e) => beforeStart(row(e), p))
        : list.lowerBound((e) => afterEnd(row(e), p));
      from = Math.max(from, lo);
      to = Math.min(to, hi);
    }
    if (from < to) parts.push({ list, from, to });
  }
  return parts;
}

/** An entry as a row of the plan: its keys in the plan's order (equality fields read from the document). */
function rowOfEntry(e: Entry, p: Plan): Row {
  const pos = p.shape!.pos;
  const keys: (Key | null)[] = new Array(pos.length);
  for (let i = 0; i < pos.length; i++) {
    const at = pos[i]!;
    keys[i] = at === NAME ? null : at === EQ ? toKey(p.order[i]!.get(e.doc) as Value) : e.k[at]!;
  }
  return { doc: e.doc, keys };
}

/** How many documents a served query matches (offset and limit applied); undefined when no index serves it. */
export function servedCount(store: Store, p: Plan, readTime: number | undefined): number | undefined {
  const parts = partsOf(store, p, readTime, true);
  if (!parts) return undefined;
  let n = 0;
  for (const part of parts) n += part.to - part.from;
  return Math.max(0, Math.min(n - p.offset, p.limit));
}

/**
 * The page of a served query (undefined when no index serves it): one list sliced at the offset; several lists
 * (`in`) merged in query order up to offset + limit, or concatenated when the order does not matter.
 */
export function servedDocs(store: Store, p: Plan, readTime: number | undefined, unordered: boolean): Doc[] | undefined {
  const parts = partsOf(store, p, readTime);
  if (!parts) return undefined;
  const reverse = p.shape!.reversed;
  const out: Doc[] = [];
  if (parts.length === 1 || (unordered && p.offset === 0 && p.limit === Infinity)) {
    let skip = p.offset;
    for (const { list, from, to } of parts) {
      const n = to - from;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const take = Math.min(n - skip, p.limit - out.length);
      const [a, b] = reverse ? [to - skip - take, to - skip] : [from + skip, from + skip + take];
      for (const e of list.range(a, b, reverse)) out.push(e.doc);
      skip = 0;
      if (out.length >= p.limit) break;
    }
    return out;
  }
  return mergeParts(parts, p, reverse);
}

/** Several lists merged in the plan's order, skipping the offset and stopping after the limit. */
function mergeParts(parts: Part[], p: Plan, reverse: boolean): Doc[] {
  const cmp = rowOrder(p);
  const heads = parts.map((part) => {
    const it = part.list.range(part.from, part.to, reverse);
    const next = () => {
      const r = it.next();
      return r.done ? undefined : rowOfEntry(r.value, p);
    };
    return { next, row: next() };
  });
  const out: Doc[] = [];
  let skip = p.offset;
  while (out.length < p.limit) {
    let best: (typeof heads)[0] | undefined;
    for (const h of heads) if (h.row && (!best || cmp(h.row, best.row!) < 0)) best = h;
    if (!best) break;
    if (skip > 0) skip--;
    else out.push(best.row!.doc);
    best.row = best.next();
  }
  return out;
}
