import { invalid } from './errors.js';
import type { Doc, Store } from './store.js';
import { topK } from './topk.js';
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
      // all strings (keys, ids: the BOM matcher's 30-key lookups): one Set lookup per document
      if (list.length && list.every((x) => kindOf(x) === 'stringValue')) {
        const set = new Set(list.map((x) => x.stringValue!));
        return (d) => {
          const s = get(d)?.stringValue;
          return s !== undefined && set.has(s);
        };
      }
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
      if (list.length && list.every((x) => kindOf(x) === 'stringValue')) {
        const wanted = list.map((x) => x.stringValue!);
        return (d) => {
          const values = get(d)?.arrayValue?.values;
          if (!values) return false;
          const have = stringsOf(values);
          return wanted.some((w) => have.has(w));
        };
      }
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

/** A sort key prepared once per document so comparisons avoid re-inspecting protobuf values. */
interface Key {
  t: number;
  n: number; // numeric value for numbers (exact up to 2^53)
  s: string | null; // string value for strings
  v: Value;
}
function toKey(v: Value): Key {
  const k = kindOf(v);
  const t = typeOrder(v);
  if (k === 'doubleValue') return { t, n: v.doubleValue!, s: null, v };
  if (k === 'integerValue') {
    const str = String(v.integerValue);
    return { t, n: str.length > 15 ? NaN : Number(str), s: null, v }; // NaN marks "use exact compare"
  }
  if (k === 'referenceValue') return { t, n: 0, s: v.referenceValue!, v };
  return { t, n: 0, s: k === 'stringValue' ? v.stringValue! : null, v };
}
function compareKeys(a: Key, b: Key): number {
  if (a.t !== b.t) return a.t < b.t ? -1 : 1;
  if (a.t === 2) {
    if (Number.isNaN(a.n) || Number.isNaN(b.n)) return compareValues(a.v, b.v);
    return a.n < b.n ? -1 : a.n > b.n ? 1 : 0;
  }
  if (a.s !== null && b.s !== null) return a.t === 6 ? compareReferences(a.s, b.s) : compareStrings(a.s, b.s);
  return compareValues(a.v, b.v);
}

const NUMBER_TYPE = typeOrder({ integerValue: '0' });

export interface Plan {
  collections: string[];
  /** The effective order (explicit, implicit inequality fields, `__name__`), for index selection. */
  orderSpec: { path: string; dir: 1 | -1 }[];
  nearest?: NearestPlan;
  filter: (d: Doc) => boolean;
  /** candidates from a value lookup (store.ts `lookup`) instead of a collection scan; `filter` still decides */
  lookup?: Lookup;
  order: { get: Getter; dir: 1 | -1; isName: boolean }[];
  startAt?: { keys: Key[]; before: boolean };
  endAt?: { keys: Key[]; before: boolean };
  offset: number;
  limit: number;
  projection?: string[][];
}

/** A string-valued equality-like filter the store can answer from a value map (`Store.lookup`). */
export interface Lookup {
  path: string;
  /** 'scalar': the field's string value; 'array': the string elements of the field's array */
  kind: 'scalar' | 'array';
  values: string[];
}

/**
 * The first top-level filter (alone or in an AND) that is `==`/`in` on strings or `array-contains(-any)` on
 * strings: every matching document carries one of its values, so the values' documents are a superset of the
 * result (the whole filter still runs on them). Production answers these from an index; without this a 30-key
 * `in` scans the whole collection (the BOM matcher runs hundreds of them over 100 000 articles).
 */
function lookupOf(where: Filter | undefined): Lookup | undefined {
  if (!where) return undefined;
  const parts = where.compositeFilter?.op === 'AND' ? (where.compositeFilter.filters ?? []) : [where];
  for (const f of parts) {
    const ff = f.fieldFilter;
    const path = ff?.field?.fieldPath;
    if (!ff || !path || !ff.value || isNameSegs(parseFieldPath(path))) continue;
    const strings = (list: Value[] | undefined) =>
      list && list.length && list.every((x) => kindOf(x) === 'stringValue')
        ? list.map((x) => x.stringValue!)
        : undefined;
    const single = kindOf(ff.value) === 'stringValue' ? [ff.value.stringValue!] : undefined;
    const many = strings(ff.value.arrayValue?.values);
    if (ff.op === 'EQUAL' && single) return { path, kind: 'scalar', values: single };
    if (ff.op === 'IN' && many) return { path, kind: 'scalar', values: many };
    if (ff.op === 'ARRAY_CONTAINS' && single) return { path, kind: 'array', values: single };
    if (ff.op === 'ARRAY_CONTAINS_ANY' && many) return { path, kind: 'array', values: many };
  }
  return undefined;
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
  const orderPlan = order.map((o) => ({ get: getter(o.path), dir: o.dir, isName: isNamePath(o.path) }));

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
    lookup: lookupOf(q.where),
    order: orderPlan,
    startAt: cursor(q.startAt),
    endAt: cursor(q.endAt),
    offset: q.offset ?? 0,
    limit: limit ?? Infinity,
    projection,
  };
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
  const rows: Row[] = [];
  const n = p.order.length;
  for (const coll of p.collections) {
    // current reads with a string lookup take the value map's candidates; past readTimes scan
    const docs =
      p.lookup && readTime === undefined
        ? store.lookup(coll, p.lookup.path, p.lookup.kind, p.lookup.values, (d) => getter(p.lookup!.path)(d))
        : store.scanCollection(coll, readTime);
    for (const doc of docs) {
      if (!p.filter(doc)) continue;
      const keys: (Key | null)[] = new Array(n);
      let ok = true;
      for (let i = 0; i < n; i++) {
        const o = p.order[i]!;
        if (o.isName) {
          keys[i] = null;
          continue;
        }
        const v = o.get(doc);
        if (v === undefined) {
          ok = false; // documents missing an ordered field are excluded, like production
          break;
        }
        keys[i] = toKey(v);
      }
      if (!ok) continue;
      const row = { doc, keys };
      if (p.startAt) {
        const c = cmpCursor(row, p.startAt.keys, p);
        if (c < 0 || (c === 0 && !p.startAt.before)) continue;
      }
      if (p.endAt) {
        const c = cmpCursor(row, p.endAt.keys, p);
        if (c > 0 || (c === 0 && p.endAt.before)) continue;
      }
      rows.push(row);
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
