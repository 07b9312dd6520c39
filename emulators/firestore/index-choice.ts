// Choosing an index: whether automatic single-field indexes or a composite index of the file serve a requirement,
// and the index (or field override) production would ask for when none does.
import {
  NAME,
  normalizedFields,
  type CompositeIndex,
  type Dir,
  type FieldOverride,
  type IndexField,
  type IndexFile,
  type OverrideIndex,
  type Scope,
} from './index-file.js';
import type { Requirement } from './index-requirements.js';
import { parseFieldPath } from './field-paths.js';

/** One index that served (part of) a query, as production's explain names it. */
export interface IndexUse {
  /** A composite index from the file (undefined for automatic single-field indexes). */
  composite?: CompositeIndex;
  scope: Scope;
  /** `(a ASC, b DESC, __name__ ASC)` */
  properties: string;
}

const short = (d: Dir) => (d === 'ASCENDING' ? 'ASC' : 'DESC');

/** `(a ASC, tags CONTAINS, embedding VECTOR<768>)`: a vector field with its configuration (the dimension). */
function describeFields(fields: IndexField[]): string {
  const kind = (f: IndexField) =>
    f.order ? short(f.order) : f.arrayConfig ? 'CONTAINS' : `VECTOR<${f.vectorConfig?.dimension ?? '?'}>`;
  return '(' + fields.map((f) => `${f.fieldPath} ${kind(f)}`).join(', ') + ')';
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
  | {
      ok: false;
      message: string;
      missing: { index?: CompositeIndex; fieldOverride?: FieldOverride };
      /** The indexes the query would use once the missing ones exist: its plan where it runs without them. */
      assumed: IndexUse[];
    };

type Choice =
  { uses: IndexUse[] } | (Omit<Extract<IndexDecision, { ok: false }>, 'ok' | 'assumed'> & { assumed: IndexUse });

/** The indexes serving one disjunction, or the one it lacks. */
function chooseFor(file: IndexFile, r: Requirement): Choice {
  const single = singleFieldServes(file, r);
  if (single && 'uses' in single) return { uses: single.uses };
  const composite = file.indexes.find((ix) => compositeServes(ix, r));
  if (composite)
    return { uses: [{ composite, scope: r.scope, properties: describeFields(normalizedFields(composite)) }] };
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
    const nameDir = r.nameDir ?? (kind === 'DESCENDING' ? kind : 'ASCENDING');
    return {
      missing: { fieldOverride },
      message:
        `The query requires a ${what} index for collection ${r.group} and field ${path}. ` +
        `Add this entry to "fieldOverrides" in firestore.indexes.json: ${JSON.stringify(fieldOverride)}`,
      assumed: {
        scope: r.scope,
        properties: `(${path} ${kind === 'CONTAINS' ? kind : short(kind)}, ${NAME} ${short(nameDir)})`,
      },
    };
  }
  const index = suggestComposite(r);
  const what = r.vector ? 'a vector index' : 'an index';
  return {
    missing: { index },
    message: `The query requires ${what}. Add this entry to "indexes" in firestore.indexes.json: ${JSON.stringify(index)}`,
    assumed: { scope: r.scope, properties: describeFields(normalizedFields(index)) },
  };
}

/** Picks the indexes for every disjunction, or names the first one missing. */
export function chooseIndexes(file: IndexFile, reqs: Requirement[]): IndexDecision {
  const uses: IndexUse[] = [];
  let lacking: Exclude<Choice, { uses: IndexUse[] }> | undefined;
  for (const r of reqs) {
    const choice = chooseFor(file, r);
    if ('uses' in choice) uses.push(...choice.uses);
    else {
      uses.push(choice.assumed);
      lacking ??= choice;
    }
  }
  if (!lacking) return { ok: true, uses };
  return { ok: false, message: lacking.message, missing: lacking.missing, assumed: uses };
}
