// Index hints: which sorted field indexes (field-index.ts) can narrow a query's candidates.
import { compareKeys, toKey, type IndexHint, type IndexRange } from './field-index.js';
import { isNameSegs, parseFieldPath } from './field-paths.js';
import type { Filter } from './query.js';
import { isNaNValue, kindOf, type Value } from './values.js';

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
export function indexHints(where: Filter): IndexHint[] {
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
