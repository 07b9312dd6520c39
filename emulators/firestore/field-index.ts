import type { Doc } from './store.js';
import { getField } from './field-paths.js';
import { compareReferences, compareStrings, compareValues, kindOf, typeOrder, type Value } from './values.js';

/**
 * Sorted single-field indexes of one collection, built lazily the first time a query can use them and kept up
 * to date incrementally afterwards (like production's automatic indexes, but only for fields somebody queried).
 *
 * They only narrow the candidates: a query still applies its whole filter, cursors and order to what an index
 * hands it, so an index may return more than matches (never less). `value` indexes hold one entry per document
 * that has the field, `contains` indexes one per distinct array element. Entries are sorted by the value in
 * Firestore's order, then by document name.
 */

/** A sort key prepared once per value, so comparisons avoid re-inspecting protobuf values. */
export interface Key {
  t: number;
  n: number; // numbers (exact up to 2^53), timestamps in microseconds; NaN marks "use the exact compare"
  s: string | null; // string value for strings and references
  v: Value;
}

export function toKey(v: Value): Key {
  const k = kindOf(v);
  const t = typeOrder(v);
  if (k === 'doubleValue') return { t, n: v.doubleValue!, s: null, v };
  if (k === 'integerValue') {
    const str = String(v.integerValue);
    return { t, n: str.length > 15 ? NaN : Number(str), s: null, v };
  }
  if (k === 'timestampValue') {
    // microseconds, exact while they fit a double's integers (±285 years around 1970); else the exact compare
    const { seconds = 0, nanos = 0 } = v.timestampValue!;
    const sec = Number(seconds);
    const exact = Math.abs(sec) < 9e9 && nanos >= 0 && nanos < 1e9;
    return { t, n: exact ? sec * 1e6 + Math.floor(nanos / 1000) : NaN, s: null, v };
  }
  if (k === 'referenceValue') return { t, n: 0, s: v.referenceValue!, v };
  return { t, n: 0, s: k === 'stringValue' ? v.stringValue! : null, v };
}

const NUMBER_TYPE = 2;
const TIMESTAMP_TYPE = 3;
const REFERENCE_TYPE = 6;

export function compareKeys(a: Key, b: Key): number {
  if (a.t !== b.t) return a.t < b.t ? -1 : 1;
  if (a.t === NUMBER_TYPE || a.t === TIMESTAMP_TYPE) {
    if (Number.isNaN(a.n) || Number.isNaN(b.n)) return compareValues(a.v, b.v);
    return a.n < b.n ? -1 : a.n > b.n ? 1 : 0;
  }
  if (a.s !== null && b.s !== null)
    return a.t === REFERENCE_TYPE ? compareReferences(a.s, b.s) : compareStrings(a.s, b.s);
  return compareValues(a.v, b.v);
}

/** What a query asks of one field: a set of value ranges (inclusive; `undefined` = the type class's end). */
export interface IndexRange {
  /** the type class all of the range's values belong to */
  t: number;
  lo?: Key;
  hi?: Key;
}
export interface IndexHint {
  segs: string[];
  contains: boolean;
  ranges: IndexRange[];
}

interface Entry {
  v: Value;
  doc: Doc;
}

/** Collections below this size are scanned: an index would cost more than it saves. */
export const INDEX_MIN_DOCS = 2000;

export class FieldIndex {
  private entries: Entry[] = [];
  /** writes since the entries were last brought up to date: [the indexed version, the new one] */
  private pending: [Doc | undefined, Doc | undefined][] = [];
  private stale = true;

  constructor(
    private readonly segs: readonly string[],
    private readonly contains: boolean,
  ) {}

  /** Records a write; applied (or the index rebuilt) when a query next needs it. */
  changed(old: Doc | undefined, next: Doc | undefined): void {
    if (this.stale) return;
    this.pending.push([old, next]);
    if (this.pending.length > Math.max(256, this.entries.length / 8)) {
      this.pending = [];
      this.stale = true;
      this.entries = [];
    }
  }

  /** The documents whose indexed value lies in one of the ranges (each at most once, in no particular order). */
  lookup(docs: () => Iterable<Doc>, ranges: readonly IndexRange[]): Doc[] {
    this.sync(docs);
    const out: Doc[] = [];
    for (const r of ranges) {
      const from = this.bound(r.t, r.lo, false);
      const to = this.bound(r.t, r.hi, true);
      for (let i = from; i < to; i++) out.push(this.entries[i]!.doc);
    }
    return ranges.length > 1 || this.contains ? [...new Set(out)] : out;
  }

  /** The documents in index order (descending for -1), within `range` when given. Nothing may write meanwhile. */
  *walk(docs: () => Iterable<Doc>, dir: 1 | -1, range?: IndexRange): Generator<Doc> {
    this.sync(docs);
    const from = range ? this.bound(range.t, range.lo, false) : 0;
    const to = range ? this.bound(range.t, range.hi, true) : this.entries.length;
    if (dir === 1) for (let i = from; i < to; i++) yield this.entries[i]!.doc;
    else for (let i = to - 1; i >= from; i--) yield this.entries[i]!.doc;
  }

  /** How many entries the ranges cover (to pick the narrowest index). */
  size(docs: () => Iterable<Doc>, ranges: readonly IndexRange[]): number {
    this.sync(docs);
    let n = 0;
    for (const r of ranges) n += this.bound(r.t, r.hi, true) - this.bound(r.t, r.lo, false);
    return n;
  }

  private valuesOf(doc: Doc): Value[] {
    const v = getField(doc.fields, this.segs);
    if (v === undefined) return [];
    if (!this.contains) return [v];
    const values = v.arrayValue?.values;
    if (!values) return [];
    if (values.length < 2) return values;
    const seen: Value[] = [];
    for (const x of values) if (!seen.some((y) => compareValues(x, y) === 0)) seen.push(x);
    return seen;
  }

  private sync(docs: () => Iterable<Doc>): void {
    if (this.stale) {
      const keyed: { k: Key; e: Entry }[] = [];
      for (const doc of docs()) for (const v of this.valuesOf(doc)) keyed.push({ k: toKey(v), e: { v, doc } });
      keyed.sort((a, b) => compareKeys(a.k, b.k) || compareReferences(a.e.doc.name, b.e.doc.name));
      this.entries = keyed.map((x) => x.e);
      this.stale = false;
      this.pending = [];
      return;
    }
    for (const [old, next] of this.pending) {
      if (old) for (const v of this.valuesOf(old)) this.remove(v, old);
      if (next) for (const v of this.valuesOf(next)) this.insert(v, next);
    }
    this.pending = [];
  }

  /** Index of the first entry ≥ (v, name) in index order. */
  private position(v: Value, name: string): number {
    const k = toKey(v);
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.entries[mid]!;
      const c = compareKeys(toKey(e.v), k) || compareReferences(e.doc.name, name);
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insert(v: Value, doc: Doc): void {
    this.entries.splice(this.position(v, doc.name), 0, { v, doc });
  }

  private remove(v: Value, doc: Doc): void {
    const i = this.position(v, doc.name);
    if (this.entries[i]?.doc === doc) this.entries.splice(i, 1);
  }

  /**
   * The first entry position past the range's lower end (`upper` false: first entry ≥ lo, or the class start) or
   * past its upper end (`upper` true: first entry > hi, or the class end).
   */
  private bound(t: number, key: Key | undefined, upper: boolean): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const ek = toKey(this.entries[mid]!.v);
      let c: number;
      if (ek.t !== t) c = ek.t < t ? -1 : 1;
      else if (key) c = compareKeys(ek, key);
      else c = upper ? -1 : 1; // no bound: the whole class
      const before = upper ? c <= 0 : c < 0;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The field indexes of every collection (created on demand, dropped with their collection). */
export class FieldIndexes {
  private readonly byCollection = new Map<string, Map<string, FieldIndex>>();

  changed(coll: string, old: Doc | undefined, next: Doc | undefined): void {
    const m = this.byCollection.get(coll);
    if (m) for (const idx of m.values()) idx.changed(old, next);
  }

  drop(coll: string): void {
    this.byCollection.delete(coll);
  }

  clear(): void {
    this.byCollection.clear();
  }

  /** The index of a field in a collection (created empty; built on first use). */
  index(coll: string, segs: readonly string[], contains: boolean): FieldIndex {
    let m = this.byCollection.get(coll);
    if (!m) this.byCollection.set(coll, (m = new Map()));
    const id = (contains ? 'C' : 'V') + segs.join('\u0000');
    let idx = m.get(id);
    if (!idx) m.set(id, (idx = new FieldIndex(segs, contains)));
    return idx;
  }

  private best(coll: string, docs: () => Iterable<Doc>, hints: readonly IndexHint[]) {
    let best: { idx: FieldIndex; hint: IndexHint; n: number } | undefined;
    for (const hint of hints) {
      const idx = this.index(coll, hint.segs, hint.contains);
      const n = idx.size(docs, hint.ranges);
      if (!best || n < best.n) best = { idx, hint, n };
      if (n === 0) break;
    }
    return best;
  }

  /** How many documents the narrowest hint's range holds (undefined: no hint). */
  narrowest(coll: string, docs: () => Iterable<Doc>, hints: readonly IndexHint[]): number | undefined {
    return this.best(coll, docs, hints)?.n;
  }

  /**
   * The candidates of a query in one collection: the documents of its narrowest usable index range, or
   * undefined (scan everything) when no hint applies.
   */
  candidates(coll: string, docs: () => Iterable<Doc>, hints: readonly IndexHint[]): Doc[] | undefined {
    const best = this.best(coll, docs, hints);
    return best?.idx.lookup(docs, best.hint.ranges);
  }
}
