import { invalid } from './errors.js';
import type { Doc, Store } from './store.js';
import { topK } from './topk.js';
import { compareKeys, toKey, type IndexHint, type IndexRange, type Key } from './field-index.js';
import { nearest, planNearest, type FindNearestSpec, type NearestPlan } from './vector.js';
import { formatFieldPath, getField, parseFieldPath } from './field-paths.js';
import {
  compareReferences,
  compareStrings,
  compareValues,
  isNaNValue,
  isNull,
  kindOf,
  typeOrder,
  valuesEqual,
  type Value,
} from './values.js';

export interface FieldRef {
  fieldPath?: string;
}
export interface Filter {
  compositeFilter?: { op?: string; filters?: Filter[] };
  fieldFilter?: { field?: FieldRef; op?: string; value?: Value };
  unaryFilter?: { op?: string; field?: FieldRef };
}
export interface Cursor {
  values?: Value[];
  before?: boolean;
}
export interface StructuredQuery {
  select?: { fields?: FieldRef[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: { field?: FieldRef; direction?: string }[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  limit?: { value?: number } | number;
  findNearest?: FindNearestSpec;
}

/** A field accessor: `__name__` yields the document's reference, other paths read (nested) fields. */
type Getter = (d: Doc) => Value | undefined;
const NAME = '__name__';
const isNameSegs = (segs: string[]) => segs.length === 1 && segs[0] === NAME;

function getter(path: string): Getter {
  const segs = parseFieldPath(path);
  if (isNameSegs(segs)) return (d) => ({ referenceValue: d.name });
  return (d) => getField(d.fields, segs);
}

const INEQUALITY = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

function arrayOperand(op: string, v: Value | undefined): Value[] {
  if (!v?.arrayValue) throw invalid(`'${op}' requires an array value.`);
  const vals = v.arrayValue.values ?? []; // an empty array arrives without `values`
  if (vals.length === 0) throw invalid(`'${op}' requires a non-empty array.`);
  const max = op === 'NOT_IN' ? 10 : 30; // production: not-in ≤ 10, in / array-contains-any ≤ 30
  if (vals.length > max) throw invalid(`'${op}' supports at most ${max} elements.`);
  return vals;
}

/** Compiles a filter tree into a predicate; also collects inequality fields for implicit ordering. */
function compileFilter(f: Filter, ineq: Set<string>): (d: Doc) => boolean {
  if (f.compositeFilter) {
    const parts = (f.compositeFilter.filters ?? []).map((x) => compileFilter(x, ineq));
    if (parts.length === 0) return () => true;
    if (f.compositeFilter.op === 'OR') return (d) => parts.some((p) => p(d));
    if (f.compositeFilter.op !== 'AND') throw invalid(`Unsupported composite operator ${f.compositeFilter.op}`);
    return (d) => parts.every((p) => p(d));
  }
  if (f.unaryFilter) {
    const path = f.unaryFilter.field?.fieldPath ?? '';
    const get = getter(path);
    switch (f.unaryFilter.op) {
      case 'IS_NAN':
        return (d) => {
          const v = get(d);
          return v !== undefined && isNaNValue(v);
        };
      case 'IS_NULL':
        return (d) => {
          const v = get(d);
          return v !== undefined && isNull(v);
        };
      case 'IS_NOT_NAN':
        ineq.add(path);
        return (d) => {
          const v = get(d);
          return v !== undefined && !isNull(v) && !isNaNValue(v);
        };
      case 'IS_NOT_NULL':
        ineq.add(path);
        return (d) => {
          const v = get(d);
          return v !== undefined && !isNull(v);
        };
      default:
        throw invalid(`Unsupported unary operator ${f.unaryFilter.op}`);
    }
  }
  if (!f.fieldFilter) throw invalid('Empty filter.');
  const path = f.fieldFilter.field?.fieldPath ?? '';
  const op = f.fieldFilter.op ?? '';
  const get = getter(path);
  const val = f.fieldFilter.value;
  if (!val) throw invalid('Field filter requires a value.');
  if (INEQUALITY.has(op)) ineq.add(path);
  const t = typeOrder(val);
  // Range filters are index range scans within the value's type class: they match only values of
  // that class. NaN is outside every range (production: only ==, != and not-in see NaN), and a NaN
  // bound matches nothing.
  const range = (test: (c: number) => boolean) => {
    if (isNaNValue(val)) return () => false;
    return (d: Doc) => {
      const v = get(d);
      if (v === undefined || typeOrder(v) !== t || (t === NUMBER_TYPE && isNaNValue(v))) return false;
      return test(compareValues(v, val));
    };
  };
  switch (op) {
    case 'LESS_THAN':
      return range((c) => c < 0);
    case 'LESS_THAN_OR_EQUAL':
      return range((c) => c <= 0);
    case 'GREATER_THAN':
      return range((c) => c > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return range((c) => c >= 0);
    case 'EQUAL': {
      const fast = fastEqual(get, val);
      if (fast) return fast;
      return (d) => {
        const v = get(d);
        return v !== undefined && valuesEqual(v, val);
      };
    }
    case 'NOT_EQUAL':
      return (d) => {
        const v = get(d);
        return v !== undefined && !isNull(v) && compareValues(v, val) !== 0;
      };
    case 'IN': {
      const list = arrayOperand(op, val);
      return (d) => {
        const v = get(d);
        return v !== undefined && list.some((x) => valuesEqual(v, x));
      };
    }
    case 'NOT_IN': {
      const list = arrayOperand(op, val);
      // like SQL's NOT IN: a null in the list makes the filter match no document (production)
      if (list.some(isNull)) return () => false;
      return (d) => {
        const v = get(d);
        return v !== undefined && !isNull(v) && !list.some((x) => compareValues(v, x) === 0);
      };
    }
    case 'ARRAY_CONTAINS': {
      // strings (search tokens, tags) are the common case: compare them directly, without generic dispatch
      if (kindOf(val) === 'stringValue') {
        const s = val.stringValue!;
        return (d) => {
          const values = get(d)?.arrayValue?.values;
          return !!values && stringsOf(values).has(s);
        };
      }
      return (d) => {
        const arr = get(d)?.arrayValue;
        return !!arr && (arr.values ?? []).some((x) => valuesEqual(x, val));
      };
    }
    case 'ARRAY_CONTAINS_ANY': {
      const list = arrayOperand(op, val);
      return (d) => {
        const arr = get(d)?.arrayValue;
        return !!arr && (arr.values ?? []).some((x) => list.some((y) => valuesEqual(x, y)));
      };
    }
    default:
      throw invalid(`Unsupported field operator ${op}`);
  }
}

/**
 * The string elements of an array value, as a Set cached per array: stored documents are never mutated (a
 * write replaces the document), so repeated array-contains scans (search tokens) cost one lookup per
 * document instead of a walk over its array.
 */
const stringSets = new WeakMap<readonly Value[], Set<string>>();
function stringsOf(values: readonly Value[]): Set<string> {
  let set = stringSets.get(values);
  if (!set) {
    set = new Set();
    for (const x of values) if (typeof x.stringValue === 'string') set.add(x.stringValue);
    stringSets.set(values, set);
  }
  return set;
}

/** Equality without generic dispatch for the common scalar cases (the hot path of filtered scans). */
function fastEqual(get: Getter, val: Value): ((d: Doc) => boolean) | null {
  switch (kindOf(val)) {
    case 'booleanValue': {
      const b = val.booleanValue;
      return (d) => get(d)?.booleanValue === b;
    }
    case 'stringValue': {
      const s = val.stringValue;
      return (d) => get(d)?.stringValue === s;
    }
    case 'nullValue':
      return (d) => get(d)?.nullValue !== undefined;
    case 'integerValue': {
      const str = String(val.integerValue);
      if (str.length > 15) return null;
      const n = Number(str);
      return (d) => {
        const v = get(d);
        if (!v) return false;
        if (v.integerValue !== undefined) return Number(v.integerValue) === n && String(v.integerValue).length <= 15;
        return v.doubleValue === n;
      };
    }
    default:
      return null;
  }
}

const NUMBER_TYPE = typeOrder({ integerValue: '0' });

export interface Plan {
  collections: string[];
  /** The effective order (explicit, implicit inequality fields, `__name__`), for index selection. */
  orderSpec: { path: string; dir: 1 | -1 }[];
  nearest?: NearestPlan;
  filter: (d: Doc) => boolean;
  /** fields whose sorted index can narrow the candidates (top-level AND conjuncts only) */
  hints: IndexHint[];
  order: { get: Getter; dir: 1 | -1; isName: boolean; segs: string[] }[];
  startAt?: { keys: Key[]; before: boolean };
  endAt?: { keys: Key[]; before: boolean };
  offset: number;
  limit: number;
  projection?: string[][];
}

/** Turns a StructuredQuery under `parent` into an executable plan (implicit order bys included). */
export function plan(store: Store, parent: string, q: StructuredQuery): Plan {
  const from = q.from ?? [];
  if (from.length !== 1) throw invalid('A query must have exactly one collection selector.');
  const { collectionId = '', allDescendants = false } = from[0]!;
  if (!allDescendants && !collectionId) throw invalid('Collection id is required.');
  const collections = allDescendants ? store.collectionsUnder(parent, collectionId) : [`${parent}/${collectionId}`];

  const ineq = new Set<string>();
  const filter = q.where ? compileFilter(q.where, ineq) : () => true;

  const explicit = (q.orderBy ?? []).map((o) => ({
    path: o.field?.fieldPath ?? '',
    dir: (o.direction === 'DESCENDING' ? -1 : 1) as 1 | -1,
  }));
  const seen = new Set(explicit.map((o) => parseFieldPath(o.path).join('\u0000')));
  const lastDir = explicit.length ? explicit[explicit.length - 1]!.dir : 1;
  const implicit = [...ineq]
    .map((p) => parseFieldPath(p))
    .sort(compareSegs)
    .filter((segs) => !isNameSegs(segs) && !seen.has(segs.join('\u0000')))
    .map((segs) => ({ path: formatFieldPath(segs), dir: lastDir }));
  const order = [...explicit, ...implicit];
  if (!seen.has(NAME)) order.push({ path: NAME, dir: lastDir });
  const orderPlan = order.map((o) => ({
    get: getter(o.path),
    dir: o.dir,
    isName: isNamePath(o.path),
    segs: parseFieldPath(o.path),
  }));

  const cursor = (c: Cursor | undefined) => {
    if (!c) return undefined;
    const values = c.values ?? [];
    if (values.length > orderPlan.length) throw invalid('Too many cursor values: more than order-by clauses.');
    return { keys: values.map(toKey), before: !!c.before };
  };
  // a present Int32Value wrapper without `value` is limit 0 (proto3 default)
  const limit = typeof q.limit === 'number' ? q.limit : q.limit ? (q.limit.value ?? 0) : undefined;
  if ((limit ?? 0) < 0 || (q.offset ?? 0) < 0) throw invalid('limit and offset must be non-negative.');

  let projection: string[][] | undefined;
  if (q.select) {
    projection = (q.select.fields ?? []).map((f) => parseFieldPath(f.fieldPath ?? '')).filter((s) => !isNameSegs(s));
  }
  return {
    collections,
    orderSpec: order,
    nearest: q.findNearest ? planNearest(q.findNearest) : undefined,
    filter,
    hints: q.where ? indexHints(q.where) : [],
    order: orderPlan,
    startAt: cursor(q.startAt),
    endAt: cursor(q.endAt),
    offset: q.offset ?? 0,
    limit: limit ?? Infinity,
    projection,
  };
}

/** Index-served kinds: their order in an index equals `==` (no NaN, no arrays or maps). */
const SCALAR = new Set([
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'referenceValue',
]);
const scalar = (v: Value | undefined): v is Value => !!v && SCALAR.has(kindOf(v)) && !isNaNValue(v);
const point = (v: Value): IndexRange => {
  const k = toKey(v);
  return { t: k.t, lo: k, hi: k };
};

/**
 * The field indexes a filter could be served from, like production's index scans: equality / `in` and ranges on a
 * field (its value index), `array-contains(-any)` (its contains index). Only conjuncts of a top-level AND (an OR
 * is scanned). The ranges on one field are intersected: different type classes leave no range at all.
 */
function indexHints(where: Filter): IndexHint[] {
  const conjuncts: Filter[] = [];
  const flatten = (f: Filter) => {
    if (f.compositeFilter?.op === 'AND') (f.compositeFilter.filters ?? []).forEach(flatten);
    else conjuncts.push(f);
  };
  flatten(where);
  const hints: IndexHint[] = [];
  const ranges = new Map<string, { segs: string[]; range: IndexRange | null }>();
  for (const f of conjuncts) {
    const ff = f.fieldFilter;
    if (!ff) continue;
    const segs = parseFieldPath(ff.field?.fieldPath ?? '');
    if (isNameSegs(segs)) continue;
    const val = ff.value;
    const list = val?.arrayValue?.values ?? [];
    switch (ff.op) {
      case 'EQUAL':
        if (scalar(val)) hints.push({ segs, contains: false, ranges: [point(val)] });
        break;
      case 'IN':
        if (list.length && list.every(scalar)) hints.push({ segs, contains: false, ranges: list.map(point) });
        break;
      case 'ARRAY_CONTAINS':
        if (scalar(val)) hints.push({ segs, contains: true, ranges: [point(val)] });
        break;
      case 'ARRAY_CONTAINS_ANY':
        if (list.length && list.every(scalar)) hints.push({ segs, contains: true, ranges: list.map(point) });
        break;
      case 'LESS_THAN':
      case 'LESS_THAN_OR_EQUAL':
      case 'GREATER_THAN':
      case 'GREATER_THAN_OR_EQUAL': {
        if (!scalar(val)) break;
        const k = toKey(val);
        const upper = ff.op.startsWith('LESS');
        const id = segs.join('\u0000');
        const cur = ranges.get(id);
        if (!cur) {
          ranges.set(id, { segs, range: upper ? { t: k.t, hi: k } : { t: k.t, lo: k } });
        } else if (cur.range && cur.range.t !== k.t) {
          cur.range = null; // two type classes: nothing matches
        } else if (cur.range) {
          const r = cur.range;
          if (upper && (!r.hi || compareKeys(k, r.hi) < 0)) r.hi = k;
          if (!upper && (!r.lo || compareKeys(k, r.lo) > 0)) r.lo = k;
        }
        break;
      }
    }
  }
  for (const { segs, range } of ranges.values()) hints.push({ segs, contains: false, ranges: range ? [range] : [] });
  return hints;
}

/** The documents of one collection a plan has to look at: an index's range when one applies, else all. */
function candidatesIn(store: Store, coll: string, p: Plan, readTime: number | undefined): Iterable<Doc> {
  const docs = store.collections.get(coll);
  if (readTime !== undefined || !docs || docs.size < store.fieldIndexMinDocs || p.hints.length === 0)
    return store.scanCollection(coll, readTime);
  return store.fieldIndexes.candidates(coll, () => docs.values(), p.hints) ?? docs.values();
}

const isNamePath = (p: string) => isNameSegs(parseFieldPath(p));

function compareSegs(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareStrings(a[i]!, b[i]!);
    if (c) return c;
  }
  return a.length - b.length;
}

/** A matching document with its sort keys; `__name__` keys stay null and compare via doc.name. */
interface Row {
  doc: Doc;
  keys: (Key | null)[];
}

/** Runs a plan: scan → filter → cursor bounds → sort → offset/limit. */
export function execute(store: Store, p: Plan, readTime?: number, unordered = false): Doc[] {
  if (p.nearest) return executeNearest(store, p, p.nearest, readTime);
  const walked = orderedWalk(store, p, readTime);
  if (walked) return walked;
  const rows: Row[] = [];
  const n = p.order.length;
  for (const coll of p.collections) {
    for (const doc of candidatesIn(store, coll, p, readTime)) {
      const row = rowOf(doc, p);
      if (row) rows.push(row);
    }
  }
  const cmp = (a: Row, b: Row) => {
    for (let i = 0; i < n; i++) {
      const ka = a.keys[i];
      const c = ka ? compareKeys(ka, b.keys[i]!) : compareReferences(a.doc.name, b.doc.name);
      if (c !== 0) return c * p.order[i]!.dir;
    }
    return 0;
  };
  if (p.limit === Infinity) {
    // aggregations without limit/offset only need the matching set, not its order
    if (!(unordered && p.offset === 0)) rows.sort(cmp);
    return rows.slice(p.offset).map((r) => r.doc);
  }
  return topK(rows, p.offset + p.limit, cmp)
    .slice(p.offset)
    .map((r) => r.doc);
}

/** A document's row when it passes the filter, has every ordered field and lies within the cursors. */
function rowOf(doc: Doc, p: Plan): Row | null {
  if (!p.filter(doc)) return null;
  const n = p.order.length;
  const keys: (Key | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const o = p.order[i]!;
    if (o.isName) {
      keys[i] = null;
      continue;
    }
    const v = o.get(doc);
    if (v === undefined) return null; // documents missing an ordered field are excluded, like production
    keys[i] = toKey(v);
  }
  const row = { doc, keys };
  if (p.startAt) {
    const c = cmpCursor(row, p.startAt.keys, p);
    if (c < 0 || (c === 0 && !p.startAt.before)) return null;
  }
  if (p.endAt) {
    const c = cmpCursor(row, p.endAt.keys, p);
    if (c > 0 || (c === 0 && p.endAt.before)) return null;
  }
  return row;
}

/**
 * A page ordered by one field (then the name in the same direction) read by walking that field's index in query
 * order, stopping after offset + limit matches: production's plan for `where(a == x).orderBy(b).limit(n)` with an
 * index on (a, b). Taken when the filter narrows little (the narrowest index range r of n documents, page k:
 * r² > k·n, so walking k·n/r entries beats sorting r) or the range sits on the order field itself.
 * Undefined: run the candidates path instead.
 */
function orderedWalk(store: Store, p: Plan, readTime: number | undefined): Doc[] | undefined {
  if (readTime !== undefined || p.limit === Infinity || p.collections.length !== 1 || p.order.length !== 2) return;
  const [first, last] = p.order as [Plan['order'][0], Plan['order'][0]];
  if (first.isName || !last.isName || first.dir !== last.dir) return;
  const coll = p.collections[0]!;
  const docs = store.collections.get(coll);
  if (!docs || docs.size < store.fieldIndexMinDocs) return;
  const all = () => docs.values();
  const k = p.offset + p.limit;
  const key = first.segs.join('\u0000');
  const own = p.hints.find((h) => !h.contains && h.segs.join('\u0000') === key && h.ranges.length <= 1);
  if (!own) {
    const best = store.fieldIndexes.narrowest(coll, all, p.hints);
    if (best !== undefined && best * best <= k * docs.size) return;
  }
  const rows: Row[] = [];
  if (k > 0 && own?.ranges.length !== 0)
    for (const doc of store.fieldIndexes.index(coll, first.segs, false).walk(all, first.dir, own?.ranges[0])) {
      const row = rowOf(doc, p);
      if (row && rows.push(row) >= k) break;
    }
  return rows.slice(p.offset).map((r) => r.doc);
}

const REFERENCE_TYPE = typeOrder({ referenceValue: '' });

function cmpCursor(row: Row, cursor: Key[], p: Plan): number {
  for (let i = 0; i < cursor.length; i++) {
    const k = row.keys[i];
    const ck = cursor[i]!;
    // a `__name__` key (null) is the document's reference: compared in place, without building a Key per row
    const c = k
      ? compareKeys(k, ck)
      : ck.t === REFERENCE_TYPE
        ? compareReferences(row.doc.name, ck.s!)
        : REFERENCE_TYPE < ck.t
          ? -1
          : 1;
    if (c !== 0) return c * p.order[i]!.dir;
  }
  return 0;
}

/** Vector search: exact distances over every document that passes the filters. */
function executeNearest(store: Store, p: Plan, n: NearestPlan, readTime?: number): Doc[] {
  const matching: Doc[] = [];
  for (const coll of p.collections)
    for (const doc of store.scanCollection(coll, readTime)) if (p.filter(doc)) matching.push(doc);
  return nearest(matching, n);
}
