// Query planning: a StructuredQuery turned into a Plan (filter predicate, effective order, cursors, page, index
// hints); filter.ts compiles the filter, index-hints.ts finds the indexes that narrow it, execute.ts runs the plan.
import { invalid } from './errors.js';
import type { Doc, Store } from './store.js';
import { toKey, type IndexHint, type Key } from './field-index.js';
import { planNearest, type FindNearestSpec, type NearestPlan } from './vector.js';
import { formatFieldPath, getter, isNameSegs, parseFieldPath, type Getter } from './field-paths.js';
import { compareStrings, type Value } from './values.js';
import { compileFilter } from './filter.js';
import { indexHints } from './index-hints.js';
import { compositeShape, type Shape } from './composite-query.js';

interface FieldRef {
  fieldPath?: string;
}
export interface Filter {
  compositeFilter?: { op?: string; filters?: Filter[] };
  fieldFilter?: { field?: FieldRef; op?: string; value?: Value };
  unaryFilter?: { op?: string; field?: FieldRef };
}
interface Cursor {
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

const NAME = '__name__';

export interface Plan {
  collections: string[];
  /** The effective order (explicit, implicit inequality fields, `__name__`), for index selection. */
  orderSpec: { path: string; dir: 1 | -1 }[];
  nearest?: NearestPlan;
  filter: (d: Doc) => boolean;
  /** fields whose sorted index can narrow the candidates (top-level AND conjuncts only) */
  hints: IndexHint[];
  /** how a composite index serves the query exactly (composite-query.ts); undefined: it runs the scan path */
  shape?: Shape;
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
    shape: q.findNearest ? undefined : compositeShape(q.where, orderPlan),
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
