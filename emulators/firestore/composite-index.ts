// Composite indexes as data: the sorted entries production keeps for an index (equality / array-contains values,
// then the ordered fields, then the document name), so counts and offset pages are ranges instead of scans.
import type { Doc } from './store.js';
import { compareKeys, toKey, type Key } from './field-index.js';
import { getField } from './field-paths.js';
import { SortedList } from './sorted-list.js';
import { compareReferences, kindOf, type Value } from './values.js';

/**
 * The shape of one index: its equality fields (`contains`: an array-contains field, one entry per distinct
 * element, exactly like production), its ordered fields with their directions, and the direction of the
 * trailing document name. Stored so that the first direction is ascending; a query running the other way walks it
 * backwards.
 */
export interface Layout {
  id: string;
  eq: { segs: string[]; contains: boolean }[];
  order: { segs: string[]; dir: 1 | -1 }[];
  nameDir: 1 | -1;
}

/** One index entry: the ordered fields' keys and the document (its name is the last key). */
export interface Entry {
  k: Key[];
  doc: Doc;
}

/**
 * The equality prefix of an entry as one string: values that `==` treats as equal encode equally (1 and 1.0, -0
 * and 0, timestamps in microseconds). Only kinds whose equality this encoding captures exactly are served (no
 * NaN, no numbers beyond ±10^15 where int/double comparison gets lossy, no references, arrays, maps, null);
 * undefined for the rest, which such an index then neither holds nor serves.
 */
export function eqEncoding(v: Value): string | undefined {
  switch (kindOf(v)) {
    case 'booleanValue':
      return v.booleanValue ? 'b1' : 'b0';
    case 'stringValue':
      return 's' + v.stringValue!;
    case 'integerValue': {
      const s = String(v.integerValue);
      return s.length > 15 ? undefined : 'n' + String(Number(s));
    }
    case 'doubleValue': {
      const d = v.doubleValue!;
      return Number.isNaN(d) || Math.abs(d) >= 1e15 ? undefined : 'n' + String(d);
    }
    case 'timestampValue': {
      const t = v.timestampValue!;
      return `t${Number(t.seconds ?? 0)}:${Math.floor((t.nanos ?? 0) / 1000)}`;
    }
    default:
      return undefined;
  }
}

/** The bucket key of one combination of equality values (length-prefixed, so no separator can be ambiguous). */
export const bucketKey = (encodings: readonly string[]): string => encodings.map((e) => `${e.length}:${e}`).join('');

/** Every combination of the lists' items (one list per equality field). */
export function combinations(lists: readonly string[][]): string[][] {
  let out: string[][] = [[]];
  for (const list of lists) out = out.flatMap((prefix) => list.map((x) => [...prefix, x]));
  return out;
}

/**
 * The entries of one index in one collection, grouped by their equality values (one sorted list per combination:
 * a query's equality filters pick its list, its range and cursors narrow it by binary search). Built the first
 * time a query needs it; writes are queued and applied when the next query needs it, and after more writes than
 * an eighth of its entries it is rebuilt instead.
 */
export class CompositeIndex {
  private buckets = new Map<string, SortedList<Entry>>();
  private pending: [Doc | undefined, Doc | undefined][] = [];
  private stale = true;
  private entries = 0;
  readonly cmp: (a: Entry, b: Entry) => number;

  constructor(readonly layout: Layout) {
    const { order, nameDir } = layout;
    this.cmp = (a, b) => {
      for (let i = 0; i < order.length; i++) {
        const c = compareKeys(a.k[i]!, b.k[i]!);
        if (c !== 0) return c * order[i]!.dir;
      }
      return compareReferences(a.doc.name, b.doc.name) * nameDir;
    };
  }

  changed(old: Doc | undefined, next: Doc | undefined): void {
    if (this.stale) return;
    this.pending.push([old, next]);
    if (this.pending.length > Math.max(256, this.entries / 8)) {
      this.stale = true;
      this.pending = [];
      this.buckets = new Map();
      this.entries = 0;
    }
  }

  /** The sorted entries with these equality values (undefined: none). */
  bucket(docs: () => Iterable<Doc>, key: string): SortedList<Entry> | undefined {
    this.sync(docs);
    return this.buckets.get(key);
  }

  /** How many entries the index holds (for the memory figures). */
  size(docs: () => Iterable<Doc>): number {
    this.sync(docs);
    return this.entries;
  }

  private entryOf(doc: Doc): Entry | undefined {
    const k: Key[] = new Array(this.layout.order.length);
    for (let i = 0; i < k.length; i++) {
      const v = getField(doc.fields, this.layout.order[i]!.segs);
      if (v === undefined) return undefined; // documents missing an ordered field are in no such index
      k[i] = toKey(v);
    }
    return { k, doc };
  }

  private keysOf(doc: Doc): string[] {
    const lists: string[][] = [];
    for (const { segs, contains } of this.layout.eq) {
      const v = getField(doc.fields, segs);
      const values = !v ? [] : contains ? (v.arrayValue?.values ?? []) : [v];
      const encoded = new Set<string>();
      for (const x of values) {
        const e = eqEncoding(x);
        if (e !== undefined) encoded.add(e);
      }
      if (encoded.size === 0) return [];
      lists.push([...encoded]);
    }
    return lists.length === 1 ? lists[0]!.map((e) => bucketKey([e])) : combinations(lists).map(bucketKey);
  }

  private sync(docs: () => Iterable<Doc>): void {
    if (this.stale) {
      const grouped = new Map<string, Entry[]>();
      for (const doc of docs()) {
        const entry = this.entryOf(doc);
        if (!entry) continue;
        for (const key of this.keysOf(doc)) {
          const list = grouped.get(key);
          if (list) list.push(entry);
          else grouped.set(key, [entry]);
          this.entries++;
        }
      }
      for (const [key, list] of grouped) this.buckets.set(key, SortedList.fromSorted(list.sort(this.cmp), this.cmp));
      this.stale = false;
      return;
    }
    for (const [old, next] of this.pending) {
      const gone = old && this.entryOf(old);
      if (gone)
        for (const key of this.keysOf(old)) {
          const list = this.buckets.get(key);
          if (!list?.remove(gone)) continue;
          this.entries--;
          if (list.size === 0) this.buckets.delete(key);
        }
      const added = next && this.entryOf(next);
      if (added)
        for (const key of this.keysOf(next)) {
          let list = this.buckets.get(key);
          if (!list) this.buckets.set(key, (list = new SortedList(this.cmp)));
          list.insert(added);
          this.entries++;
        }
    }
    this.pending = [];
  }
}

/** The composite indexes of every collection (created on demand, dropped with their collection). */
export class CompositeIndexes {
  private readonly byCollection = new Map<string, Map<string, CompositeIndex>>();

  changed(coll: string, old: Doc | undefined, next: Doc | undefined): void {
    const m = this.byCollection.get(coll);
    if (m) for (const idx of m.values()) idx.changed(old, next);
  }

  drop(coll: string): void {
    this.byCollection.delete(coll);
  }

  index(coll: string, layout: Layout): CompositeIndex {
    let m = this.byCollection.get(coll);
    if (!m) this.byCollection.set(coll, (m = new Map()));
    let idx = m.get(layout.id);
    if (!idx) m.set(layout.id, (idx = new CompositeIndex(layout)));
    return idx;
  }
}
