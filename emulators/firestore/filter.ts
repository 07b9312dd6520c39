// Filters: a query's filter tree compiled once into a predicate over stored documents (the per-document hot path).
import { invalid } from './errors.js';
import { getter, type Getter } from './field-paths.js';
import type { Filter } from './query.js';
import type { Doc } from './store.js';
import { compareValues, isNaNValue, isNull, kindOf, typeOrder, valuesEqual, type Value } from './values.js';

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
export function compileFilter(f: Filter, ineq: Set<string>): (d: Doc) => boolean {
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
