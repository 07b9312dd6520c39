// Index enforcement: which index production would use for a query, read from firestore.indexes.json.
import fs from 'node:fs';
import { failedPrecondition } from './errors.js';
import { formatFieldPath, parseFieldPath } from './field-paths.js';
import type { Filter, StructuredQuery } from './query.js';
import { compareStrings } from './values.js';

export type IndexMode = 'enforce' | 'warn' | 'off';
export const INDEX_MODES: readonly IndexMode[] = ['enforce', 'warn', 'off'];

type Dir = 'ASCENDING' | 'DESCENDING';
type Scope = 'COLLECTION' | 'COLLECTION_GROUP';

export interface IndexField {
  fieldPath: string;
  order?: Dir;
  arrayConfig?: 'CONTAINS';
  vectorConfig?: { dimension: number; flat?: object };
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: Scope;
  fields: IndexField[];
  [extra: string]: unknown;
}
interface OverrideIndex {
  order?: Dir;
  arrayConfig?: 'CONTAINS';
  queryScope?: Scope;
}
export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes?: OverrideIndex[];
  [extra: string]: unknown;
}
export interface IndexFile {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

/** One index that served (part of) a query, as production's explain names it. */
export interface IndexUse {
  /** A composite index from the file (undefined for automatic single-field indexes). */
  composite?: CompositeIndex;
  scope: Scope;
  /** `(a ASC, b DESC, __name__ ASC)` */
  properties: string;
}

const NAME = '__name__';
/** The canonical spelling of a field path, so `a.b` in a query and `` `a`.b `` in the file compare equal. */
export const canonicalPath = (p: string): string => formatFieldPath(parseFieldPath(p));

// ---------------------------------------------------------------------------------------------
// The index file

/** firestore.indexes.json, re-read when it changes on disk (checked on every query: one stat). */
export class IndexConfig {
  private stamp = '';
  private file: IndexFile = { indexes: [], fieldOverrides: [] };
  private error: string | null = null;
  constructor(readonly path: string) {}

  current(): IndexFile {
    let stamp: string;
    try {
      const s = fs.statSync(this.path);
      stamp = `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
    } catch {
      stamp = 'missing';
    }
    if (stamp !== this.stamp) {
      this.stamp = stamp;
      this.load(stamp === 'missing');
    }
    if (this.error) throw failedPrecondition(`Index file ${this.path} is invalid: ${this.error}`);
    return this.file;
  }

  private load(missing: boolean) {
    this.error = null;
    if (missing) {
      this.file = { indexes: [], fieldOverrides: [] };
      return;
    }
    try {
      this.file = parseIndexFile(JSON.parse(fs.readFileSync(this.path, 'utf8')));
    } catch (e) {
      this.error = (e as Error).message;
      console.error(`[firestore-emulator] ${this.path}: ${this.error}`);
    }
  }
}

export function parseIndexFile(json: unknown): IndexFile {
  const o = (json ?? {}) as Partial<IndexFile>;
  const indexes = o.indexes ?? [];
  const fieldOverrides = o.fieldOverrides ?? [];
  if (!Array.isArray(indexes) || !Array.isArray(fieldOverrides))
    throw new Error('"indexes" and "fieldOverrides" must be arrays.');
  for (const ix of indexes) {
    if (!ix || typeof ix.collectionGroup !== 'string' || !Array.isArray(ix.fields) || ix.fields.length === 0)
      throw new Error(`Every index needs "collectionGroup" and "fields": ${JSON.stringify(ix)}`);
    for (const f of ix.fields) {
      if (typeof f?.fieldPath !== 'string') throw new Error(`Index field without "fieldPath": ${JSON.stringify(ix)}`);
      parseFieldPath(f.fieldPath);
      if ([f.order, f.arrayConfig, f.vectorConfig].filter((x) => x !== undefined).length !== 1)
        throw new Error(`Index field "${f.fieldPath}" needs exactly one of order, arrayConfig, vectorConfig.`);
    }
  }
  for (const ov of fieldOverrides) {
    if (!ov || typeof ov.collectionGroup !== 'string' || typeof ov.fieldPath !== 'string')
      throw new Error(`Every field override needs "collectionGroup" and "fieldPath": ${JSON.stringify(ov)}`);
    if (ov.fieldPath !== '*') parseFieldPath(ov.fieldPath);
  }
  return { indexes, fieldOverrides };
}

// ---------------------------------------------------------------------------------------------
// What a query needs

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

// ---------------------------------------------------------------------------------------------
// Choosing an index

const short = (d: Dir) => (d === 'ASCENDING' ? 'ASC' : 'DESC');
const scopeName = (s: Scope) => (s === 'COLLECTION' ? 'Collection' : 'Collection group');

/** `(a ASC, tags CONTAINS, embedding VECTOR<768>)`: a vector field with its configuration (the dimension). */
function describeFields(fields: IndexField[]): string {
  const kind = (f: IndexField) =>
    f.order ? short(f.order) : f.arrayConfig ? 'CONTAINS' : `VECTOR<${f.vectorConfig?.dimension ?? '?'}>`;
  return '(' + fields.map((f) => `${f.fieldPath} ${kind(f)}`).join(', ') + ')';
}

/** An index's fields with the implicit trailing `__name__` (direction of the last ordered field). */
function normalizedFields(ix: CompositeIndex): IndexField[] {
  const fields = ix.fields.map((f) => ({ ...f, fieldPath: canonicalPath(f.fieldPath) }));
  const last = fields[fields.length - 1]!;
  if (last.vectorConfig || last.fieldPath === NAME) return fields;
  const lastDir = [...fields].reverse().find((f) => f.order)?.order;
  return [
    ...fields,
    { fieldPath: NAME, order: last.order ?? (last.arrayConfig ? 'ASCENDING' : (lastDir ?? 'ASCENDING')) },
  ];
}

function compositeServes(ix: CompositeIndex, r: Requirement): boolean {
  if (ix.collectionGroup !== r.group || (ix.queryScope ?? 'COLLECTION') !== r.scope) return false;
  const fields = normalizedFields(ix);
  let i = 0;
  // equalities: a prefix, in any order
  const eqLeft = [...r.eq];
  for (; i < fields.length && eqLeft.length; i++) {
    const f = fields[i]!;
    const k = eqLeft.findIndex((e) => e.path === f.fieldPath && (e.contains ? !!f.arrayConfig : !!f.order));
    if (k < 0) return false;
    eqLeft.splice(k, 1);
  }
  if (eqLeft.length) return false;
  if (r.vector) {
    const rest = fields.slice(i);
    const v = rest[0]?.vectorConfig;
    return (
      rest.length === 1 &&
      rest[0]!.fieldPath === r.vector.path &&
      !!v &&
      v.dimension === r.vector.dimension &&
      r.order.length === 0
    );
  }
  const wanted = [...r.order, { path: NAME, dir: r.nameDir }];
  const rest = fields.slice(i);
  if (rest.length !== wanted.length) return false;
  return wanted.every((w, j) => {
    const f = rest[j]!;
    return f.fieldPath === w.path && !!f.order && (w.dir === null || w.dir === f.order);
  });
}

/** Does an automatic or overridden single-field index of this kind exist? */
function singleFieldIndex(
  file: IndexFile,
  r: Requirement,
  path: string,
  kind: 'ASCENDING' | 'DESCENDING' | 'CONTAINS',
): boolean {
  const best = nearestOverride(file, r.group, path);
  if (!best) return r.scope === 'COLLECTION'; // automatic indexes have collection scope only
  return (best.indexes ?? []).some(
    (x) =>
      (x.queryScope ?? 'COLLECTION') === r.scope &&
      (kind === 'CONTAINS' ? x.arrayConfig === 'CONTAINS' : x.order === kind),
  );
}

/** The override in effect for a field: its own, else its nearest parent map's, else the group's `*`. */
function nearestOverride(file: IndexFile, group: string, path: string): FieldOverride | undefined {
  const segs = parseFieldPath(path);
  let best: FieldOverride | undefined;
  let bestLen = -1;
  for (const ov of file.fieldOverrides) {
    if (ov.collectionGroup !== group) continue;
    const len = ov.fieldPath === '*' ? 0 : parseFieldPath(ov.fieldPath).length;
    if (ov.fieldPath !== '*') {
      const os = parseFieldPath(ov.fieldPath);
      if (os.length > segs.length || os.some((s, k) => s !== segs[k])) continue;
    }
    if (len > bestLen) {
      best = ov;
      bestLen = len;
    }
  }
  return best;
}

/** The single-field index entries in effect for a field (the suggestion adds one to them). */
function effectiveOverrideIndexes(file: IndexFile, group: string, path: string): OverrideIndex[] {
  const ov = nearestOverride(file, group, path);
  if (ov) return [...(ov.indexes ?? [])];
  return [
    { order: 'ASCENDING', queryScope: 'COLLECTION' },
    { order: 'DESCENDING', queryScope: 'COLLECTION' },
    { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
  ];
}

type SingleResult =
  { uses: IndexUse[] } | { missing: { path: string; kind: 'ASCENDING' | 'DESCENDING' | 'CONTAINS' } } | null;

/** Served by automatic single-field indexes (merged for equalities)? null: only a composite index can. */
function singleFieldServes(file: IndexFile, r: Requirement): SingleResult {
  if (r.vector) return null;
  const nameDir = r.nameDir ?? 'ASCENDING';
  if (r.order.length === 0) {
    if (r.eq.length === 0) return { uses: [{ scope: r.scope, properties: `(${NAME} ${short(nameDir)})` }] };
    const uses: IndexUse[] = [];
    for (const e of r.eq) {
      const kinds = e.contains ? (['CONTAINS'] as const) : (['ASCENDING', 'DESCENDING'] as const);
      const kind = kinds.find((k) => singleFieldIndex(file, r, e.path, k));
      if (!kind) return r.eq.length === 1 ? { missing: { path: e.path, kind: kinds[0] } } : null;
      uses.push({
        scope: r.scope,
        properties: `(${e.path} ${kind === 'CONTAINS' ? 'CONTAINS' : short(kind)}, ${NAME} ${short(nameDir)})`,
      });
    }
    return { uses };
  }
  if (r.order.length === 1 && r.eq.length === 0) {
    const o = r.order[0]!;
    if (o.dir && r.nameDir && o.dir !== r.nameDir) return null;
    const dirs: Dir[] = o.dir ? [o.dir] : r.nameDir ? [r.nameDir] : ['ASCENDING', 'DESCENDING'];
    const dir = dirs.find((d) => singleFieldIndex(file, r, o.path, d));
    if (!dir) return { missing: { path: o.path, kind: dirs[0]! } };
    return { uses: [{ scope: r.scope, properties: `(${o.path} ${short(dir)}, ${NAME} ${short(dir)})` }] };
  }
  return null;
}

/** The composite index production would ask for. */
function suggestComposite(r: Requirement): CompositeIndex {
  const fields: IndexField[] = r.eq.map((e) =>
    e.contains ? { fieldPath: e.path, arrayConfig: 'CONTAINS' } : { fieldPath: e.path, order: 'ASCENDING' },
  );
  if (r.vector) {
    fields.push(...r.order.map((o) => ({ fieldPath: o.path, order: o.dir ?? ('ASCENDING' as Dir) })));
    fields.push({ fieldPath: r.vector.path, vectorConfig: { dimension: r.vector.dimension, flat: {} } });
    return { collectionGroup: r.group, queryScope: r.scope, fields };
  }
  for (const o of r.order) fields.push({ fieldPath: o.path, order: o.dir ?? 'ASCENDING' });
  const lastOrdered = [...fields].reverse().find((f) => f.order)?.order ?? 'ASCENDING';
  const implicitName = fields[fields.length - 1]?.arrayConfig ? 'ASCENDING' : lastOrdered;
  if (r.nameDir && r.nameDir !== implicitName) fields.push({ fieldPath: NAME, order: r.nameDir });
  return { collectionGroup: r.group, queryScope: r.scope, fields };
}

export type IndexDecision =
  | { ok: true; uses: IndexUse[] }
  | { ok: false; message: string; missing: { index?: CompositeIndex; fieldOverride?: FieldOverride } };

/** Picks the indexes for every disjunction, or names the first one missing. */
export function chooseIndexes(file: IndexFile, reqs: Requirement[]): IndexDecision {
  const uses: IndexUse[] = [];
  for (const r of reqs) {
    const single = singleFieldServes(file, r);
    if (single && 'uses' in single) {
      uses.push(...single.uses);
      continue;
    }
    const composite = file.indexes.find((ix) => compositeServes(ix, r));
    if (composite) {
      uses.push({ composite, scope: r.scope, properties: describeFields(normalizedFields(composite)) });
      continue;
    }
    if (single && 'missing' in single) {
      const { path, kind } = single.missing;
      const entry: OverrideIndex =
        kind === 'CONTAINS' ? { arrayConfig: 'CONTAINS', queryScope: r.scope } : { order: kind, queryScope: r.scope };
      const fieldOverride: FieldOverride = {
        collectionGroup: r.group,
        fieldPath: path,
        indexes: [...effectiveOverrideIndexes(file, r.group, path), entry],
      };
      const what = `${r.scope}_${kind === 'CONTAINS' ? 'ARRAY_CONTAINS' : short(kind)}`;
      return {
        ok: false,
        missing: { fieldOverride },
        message:
          `The query requires a ${what} index for collection ${r.group} and field ${path}. ` +
          `Add this entry to "fieldOverrides" in firestore.indexes.json: ${JSON.stringify(fieldOverride)}`,
      };
    }
    const index = suggestComposite(r);
    const what = r.vector ? 'a vector index' : 'an index';
    return {
      ok: false,
      missing: { index },
      message: `The query requires ${what}. Add this entry to "indexes" in firestore.indexes.json: ${JSON.stringify(index)}`,
    };
  }
  return { ok: true, uses };
}

/** Plan summary entries for explain, in production's shape. */
export function explainIndexes(uses: IndexUse[]): Record<string, string>[] {
  const seen = new Set<string>();
  const out: Record<string, string>[] = [];
  for (const u of uses) {
    const key = `${u.scope}|${u.properties}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ query_scope: scopeName(u.scope), properties: u.properties });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Usage, for the "unused indexes" report

export const indexKey = (ix: CompositeIndex): string =>
  JSON.stringify([
    ix.collectionGroup,
    ix.queryScope ?? 'COLLECTION',
    normalizedFields(ix).map((f) => [f.fieldPath, f.order, f.arrayConfig, f.vectorConfig?.dimension]),
  ]);

export interface IndexReport {
  mode: IndexMode;
  file: string | null;
  /** Every composite index of the file with the number of queries it served. */
  indexes: (CompositeIndex & { uses: number })[];
  unused: CompositeIndex[];
  /** Indexes queries asked for that the file lacks (counted in warn and enforce mode). */
  missing: { index?: CompositeIndex; fieldOverride?: FieldOverride; count: number }[];
}

export class IndexUsage {
  private readonly used = new Map<string, number>();
  private readonly missing = new Map<
    string,
    { index?: CompositeIndex; fieldOverride?: FieldOverride; count: number }
  >();

  record(uses: IndexUse[]) {
    for (const u of uses)
      if (u.composite) this.used.set(indexKey(u.composite), (this.used.get(indexKey(u.composite)) ?? 0) + 1);
  }

  recordMissing(m: { index?: CompositeIndex; fieldOverride?: FieldOverride }) {
    const key = JSON.stringify(m);
    const entry = this.missing.get(key) ?? { ...m, count: 0 };
    entry.count++;
    this.missing.set(key, entry);
  }

  report(mode: IndexMode, config: IndexConfig | null): IndexReport {
    let file: IndexFile = { indexes: [], fieldOverrides: [] };
    try {
      if (config) file = config.current();
    } catch {
      // an invalid file has no indexes to report
    }
    const indexes = file.indexes.map((ix) => ({ ...ix, uses: this.used.get(indexKey(ix)) ?? 0 }));
    return {
      mode,
      file: config?.path ?? null,
      indexes,
      unused: indexes.filter((ix) => ix.uses === 0).map(({ uses: _uses, ...ix }) => ix as CompositeIndex),
      missing: [...this.missing.values()].sort((a, b) => compareStrings(JSON.stringify(a), JSON.stringify(b))),
    };
  }
}
