import { invalid } from './errors.js';
import type { Doc } from './store.js';
import { getField, parseFieldPath } from './field-paths.js';
import { isNumber, type Value } from './values.js';

export interface Aggregation {
  alias?: string;
  count?: { upTo?: { value?: string | number } };
  sum?: { field?: { fieldPath?: string } };
  avg?: { field?: { fieldPath?: string } };
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** The sum/avg fields of an aggregation (index selection reads them from the index). */
export const aggregatedFields = (aggs: Aggregation[]): string[] => [
  ...new Set(aggs.map((a) => (a.sum ?? a.avg)?.field?.fieldPath).filter((p): p is string => !!p)),
];

function checkCount(aggs: Aggregation[]): void {
  if (aggs.length === 0) throw invalid('At least one aggregation is required.');
  if (aggs.length > 5) throw invalid('At most 5 aggregations are allowed.');
}

function countValue(count: NonNullable<Aggregation['count']>, n: number): Value {
  const upTo = count.upTo?.value !== undefined ? Number(count.upTo.value) : Infinity;
  if (upTo <= 0) throw invalid('count up_to must be positive.');
  return { integerValue: String(Math.min(n, upTo)) };
}

/** Is every aggregation a count()? Then an index's entry count answers it (composite-query.ts). */
export const onlyCounts = (aggs: Aggregation[]): boolean =>
  aggs.length > 0 && aggs.every((a) => a.count && !a.sum && !a.avg);

/** count() aggregations over `n` matching documents, without the documents. */
export function aggregateCounts(n: number, aggs: Aggregation[]): Record<string, Value> {
  checkCount(aggs);
  const out: Record<string, Value> = {};
  for (const a of aggs) out[a.alias || `field_${Object.keys(out).length + 1}`] = countValue(a.count!, n);
  return out;
}

/**
 * Computes count/sum/avg like production: sum of integers stays an integer unless it overflows
 * int64 (then double); any double makes it a double; non-numeric values are ignored; avg is a
 * double, or null when no numeric value was seen.
 */
export function aggregate(docs: Doc[], aggs: Aggregation[]): Record<string, Value> {
  checkCount(aggs);
  const out: Record<string, Value> = {};
  // Over several sum/avg fields production answers from one index holding all of them, and that index
  // holds only the documents that have every one of them: the sums, averages and a count() beside them
  // see only those. (One field alone: every document of the query, aggregate.test.ts.)
  const fieldSegs = aggregatedFields(aggs).map(parseFieldPath);
  const withAll =
    fieldSegs.length > 1 ? docs.filter((d) => fieldSegs.every((s) => getField(d.fields, s) !== undefined)) : docs;
  for (const a of aggs) {
    const alias = a.alias || `field_${Object.keys(out).length + 1}`;
    if (a.count) {
      out[alias] = countValue(a.count, withAll.length);
      continue;
    }
    const spec = a.sum ?? a.avg;
    if (!spec) throw invalid('Unsupported aggregation.');
    const segs = parseFieldPath(spec.field?.fieldPath ?? '');
    let intSum = 0n;
    let dblSum = 0;
    let sawDouble = false;
    let n = 0;
    for (const d of withAll) {
      const v = getField(d.fields, segs);
      if (!v || !isNumber(v)) continue;
      n++;
      if (v.integerValue !== undefined) intSum += BigInt(v.integerValue);
      else {
        sawDouble = true;
        dblSum += v.doubleValue!;
      }
    }
    if (a.sum) {
      const overflow = intSum > INT64_MAX || intSum < INT64_MIN;
      out[alias] =
        !sawDouble && !overflow ? { integerValue: intSum.toString() } : { doubleValue: Number(intSum) + dblSum };
    } else {
      out[alias] = n === 0 ? { nullValue: 'NULL_VALUE' } : { doubleValue: (Number(intSum) + dblSum) / n };
    }
  }
  return out;
}
