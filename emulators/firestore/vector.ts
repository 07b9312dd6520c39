// Vector values and exact nearest-neighbour search (findNearest), brute force over the filtered documents.
import { invalid } from './errors.js';
import { getField, parseFieldPath, setField } from './field-paths.js';
import type { Doc } from './store.js';
import type { Value } from './values.js';

/** The elements of a vector value (`{__type__: "__vector__", value: [...]}`), or null for anything else. */
function vectorOf(v: Value | undefined): number[] | null {
  const f = v?.mapValue?.fields;
  if (!f || f.__type__?.stringValue !== '__vector__') return null;
  const arr = f.value?.arrayValue;
  if (!arr) return null;
  const out: number[] = [];
  for (const x of arr.values ?? []) {
    if (x.doubleValue !== undefined) out.push(Number(x.doubleValue));
    else if (x.integerValue !== undefined) out.push(Number(x.integerValue));
    else return null;
  }
  return out;
}

type DistanceMeasure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

export interface FindNearestSpec {
  vectorField?: { fieldPath?: string };
  queryVector?: Value;
  distanceMeasure?: string;
  limit?: { value?: number } | number;
  distanceResultField?: string;
  distanceThreshold?: { value?: number } | number;
}

export interface NearestPlan {
  path: string;
  segs: string[];
  query: number[];
  measure: DistanceMeasure;
  limit: number;
  resultField?: string[];
  threshold?: number;
}

const MAX_DIMENSION = 2048;
const MAX_LIMIT = 1000;

export function planNearest(spec: FindNearestSpec): NearestPlan {
  const path = spec.vectorField?.fieldPath;
  if (!path) throw invalid('findNearest requires a vector field.');
  const query = vectorOf(spec.queryVector);
  if (!query || query.length === 0) throw invalid('findNearest requires a non-empty vector as the query vector.');
  if (query.length > MAX_DIMENSION) throw invalid(`A query vector may have at most ${MAX_DIMENSION} dimensions.`);
  const measure = spec.distanceMeasure as DistanceMeasure;
  if (measure !== 'EUCLIDEAN' && measure !== 'COSINE' && measure !== 'DOT_PRODUCT')
    throw invalid('findNearest requires a distance measure.');
  const limit = typeof spec.limit === 'number' ? spec.limit : spec.limit?.value;
  if (!limit || limit <= 0 || limit > MAX_LIMIT) throw invalid(`findNearest limit must be between 1 and ${MAX_LIMIT}.`);
  const threshold = typeof spec.distanceThreshold === 'number' ? spec.distanceThreshold : spec.distanceThreshold?.value;
  return {
    path,
    segs: parseFieldPath(path),
    query,
    measure,
    limit,
    resultField: spec.distanceResultField ? parseFieldPath(spec.distanceResultField) : undefined,
    threshold: threshold ?? undefined,
  };
}

function distance(measure: DistanceMeasure, a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  let sq = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
    sq += (x - y) * (x - y);
  }
  if (measure === 'EUCLIDEAN') return Math.sqrt(sq);
  if (measure === 'DOT_PRODUCT') return dot;
  return 1 - dot / (Math.sqrt(na) * Math.sqrt(nb)); // NaN for a zero vector: such documents are skipped
}

/**
 * The `limit` nearest documents: only documents whose field is a vector of the query's dimension
 * take part; DOT_PRODUCT ranks larger values first (and its threshold is a lower bound).
 */
export function nearest(docs: Iterable<Doc>, n: NearestPlan): Doc[] {
  const scored: { doc: Doc; d: number }[] = [];
  const bigger = n.measure === 'DOT_PRODUCT';
  for (const doc of docs) {
    const v = vectorOf(getField(doc.fields, n.segs));
    if (!v || v.length !== n.query.length) continue;
    const d = distance(n.measure, v, n.query);
    if (Number.isNaN(d)) continue;
    if (n.threshold !== undefined && (bigger ? d < n.threshold : d > n.threshold)) continue;
    scored.push({ doc, d });
  }
  scored.sort(
    (x, y) => (bigger ? y.d - x.d : x.d - y.d) || (x.doc.name < y.doc.name ? -1 : x.doc.name > y.doc.name ? 1 : 0),
  );
  return scored
    .slice(0, n.limit)
    .map(({ doc, d }) =>
      n.resultField ? { ...doc, fields: setField(doc.fields, n.resultField, { doubleValue: d }) } : doc,
    );
}
