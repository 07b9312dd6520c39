// What a query needs from an index: one requirement per disjunction of its filter.
import { NAME, canonicalPath, type Dir, type Scope } from './index-file.js';
import type { Filter, StructuredQuery } from './query.js';

/** One disjunction of a query, reduced to what index selection looks at. */
export interface Requirement {
  group: string;
  scope: Scope;
  /** Equality-like filters (==, in, is null / NaN; `contains`: array-contains(-any)); any order in an index. */
  eq: { path: string; contains: boolean }[];
  /** Ordered fields after the equalities (explicit orderBy, then inequality fields); dir null = either. */
  order: { path: string; dir: Dir | null }[];
  /** Direction of the trailing `__name__`; null = either. */
  nameDir: Dir | null;
  vector?: { path: string; dimension: number };
}

type Atom = { path: string; kind: 'eq' | 'contains' | 'ineq' };
const MAX_DISJUNCTIONS = 1000;

/** The filter in disjunctive normal form: every AND of leaf filters production runs as one index scan. */
function dnf(f: Filter | undefined): Atom[][] {
  if (!f) return [[]];
  if (f.compositeFilter) {
    const parts = (f.compositeFilter.filters ?? []).map(dnf);
    if (f.compositeFilter.op === 'OR') return parts.flat().slice(0, MAX_DISJUNCTIONS);
    return parts.reduce<Atom[][]>(
      (acc, p) => acc.flatMap((a) => p.map((b) => [...a, ...b])).slice(0, MAX_DISJUNCTIONS),
      [[]],
    );
  }
  if (f.unaryFilter) {
    const path = f.unaryFilter.field?.fieldPath ?? '';
    const op = f.unaryFilter.op;
    return [[{ path, kind: op === 'IS_NULL' || op === 'IS_NAN' ? 'eq' : 'ineq' }]];
  }
  const path = f.fieldFilter?.field?.fieldPath ?? '';
  switch (f.fieldFilter?.op) {
    case 'EQUAL':
    case 'IN':
      return [[{ path, kind: 'eq' }]];
    case 'ARRAY_CONTAINS':
    case 'ARRAY_CONTAINS_ANY':
      return [[{ path, kind: 'contains' }]];
    default:
      return [[{ path, kind: 'ineq' }]];
  }
}

/**
 * The requirements of a planned query, one per disjunction. `order` is the plan's effective order
 * (explicit orderBy, implicit inequality fields, `__name__`); `aggregated` are sum/avg fields, which
 * production reads from the index too; `aggregation` marks any aggregation (count included), whose
 * result does not depend on the scan direction.
 */
export function requirements(
  q: StructuredQuery,
  order: { path: string; dir: 1 | -1 }[],
  aggregated: string[] = [],
  vector?: { path: string; dimension: number },
  aggregation = aggregated.length > 0,
): Requirement[] {
  const { collectionId = '', allDescendants = false } = q.from?.[0] ?? {};
  const scope: Scope = allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const explicitOrder = (q.orderBy ?? []).length > 0;
  const fullOrder: { path: string; dir: Dir }[] = [];
  for (const o of order) {
    const path = canonicalPath(o.path);
    fullOrder.push({ path, dir: o.dir === 1 ? 'ASCENDING' : 'DESCENDING' });
    if (path === NAME) break; // names are unique: nothing after them changes the order
  }
  const nameEntry = fullOrder.find((o) => o.path === NAME);
  return dnf(q.where).map((atoms) => {
    const eq: Requirement['eq'] = [];
    for (const a of atoms) {
      const path = canonicalPath(a.path);
      if (path === NAME || a.kind === 'ineq') continue; // key filters restrict every index's __name__ suffix
      const contains = a.kind === 'contains';
      if (!eq.some((e) => e.path === path && e.contains === contains)) eq.push({ path, contains });
    }
    const isEq = (p: string) => eq.some((e) => e.path === p && !e.contains);
    const ord: Requirement['order'] = fullOrder.filter((o) => o.path !== NAME && !isEq(o.path)).map((o) => ({ ...o }));
    let nameDir: Dir | null = nameEntry?.dir ?? 'ASCENDING';
    if (vector) return { group: collectionId, scope, eq, order: ord, nameDir: null, vector };
    if (aggregation && !explicitOrder) {
      // an aggregation scans in whichever direction an index exists
      for (const o of ord) o.dir = null;
      nameDir = null;
    }
    for (const a of aggregated) {
      const path = canonicalPath(a);
      if (!isEq(path) && !ord.some((o) => o.path === path)) ord.push({ path, dir: null });
    }
    return { group: collectionId, scope, eq, order: ord, nameDir };
  });
}
