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

/** One equality value as a map key: a string, number, boolean or (timestamps) bigint. */
export type EqKey = string | number | boolean | bigint;

/**
 * An equality value as a map key: values that `==` treats as equal give equal keys (1 and 1.0, -0 and 0: Map
 * compares with SameValueZero; timestamps in microseconds), and a string is its own key (no copy per entry). Only
 * kinds whose equality this captures exactly are served (no NaN, no numbers beyond ±10^15 where int/double
 * comparison gets lossy, no references, arrays, maps, null); undefined for the rest, which an index neither holds
 * nor serves.
 */
export function eqKey(v: Value): EqKey | undefined {
  switch (kindOf(v)) {
    case 'booleanValue':
      return !!v.booleanValue;
    case 'stringValue':
      return v.stringValue!;
    case 'integerValue': {
      const s = String(v.integerValue);
      return s.length > 15 ? undefined : Number(s);
    }
    case 'doubleValue': {
      const d = v.doubleValue!;
      return Number.isNaN(d) || Math.abs(d) >= 1e15 ? undefined : d;
    }
    case 'timestampValue': {
      const t = v.timestampValue!;
      return BigInt(Math.trunc(Number(t.seconds ?? 0))) * 1_000_000n + BigInt(Math.floor((t.nanos ?? 0) / 1000));
    }
    default:
      return undefined;
  }
}

/** The key of the one list of an index without equality fields. */
const ALL: EqKey = 0;

/** The entries with one combination of equality values: most hold a single entry (unique search tokens), kept bare. */
type Bucket = Entry | SortedList<Entry>;
/** One level per equality field (single-valued fields first, array-contains last), the lists at the bottom. */
type Level = Map<EqKey, Level | Bucket>;

/**
 * The entries of one index in one collection, grouped by their equality values (one sorted list per combination:
 * a query's equality filters pick its lists, its range and cursors narrow them by binary search). Built the first
 * time a query needs it (the documents sorted once, then dealt into their lists); writes are queued and applied
 * when the next query needs it, and after more writes than an eighth of its documents it is rebuilt instead.
 */
export class CompositeIndex {
  private root: Level = new Map();
  private pending: [Doc | undefined, Doc | undefined][] = [];
  private stale = true;
  private docs = 0;
  /** documents with this index's equality values that lack an ordered field (so are not in it) */
  private missing = 0;
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
    if (this.pending.length > Math.max(256, this.docs / 8)) {
      this.stale = true;
      this.pending = [];
      this.root = new Map();
      this.docs = 0;
      this.missing = 0;
    }
  }

  /** Does every document with the equality values have an entry (then its lists' sizes count them all)? */
  complete(docs: () => Iterable<Doc>): boolean {
    this.sync(docs);
    return this.missing === 0;
  }

  /** The sorted lists of every combination of the equality values (one list of values per equality field). */
  lists(docs: () => Iterable<Doc>, values: readonly EqKey[][]): SortedList<Entry>[] {
    this.sync(docs);
    const out: SortedList<Entry>[] = [];
    this.visit(values.length ? values : [[ALL]], false, (level, key) => {
      const b = level.get(key) as Bucket | undefined;
      if (b !== undefined) out.push(b instanceof SortedList ? b : SortedList.fromSorted([b], this.cmp));
    });
    return out;
  }

  /** Calls `fn` with the bottom level and key of every combination; `create` adds missing levels. */
  private visit(values: readonly EqKey[][], create: boolean, fn: (level: Level, key: EqKey) => void): void {
    const walk = (level: Level, d: number) => {
      const keys = values[d]!;
      if (d === values.length - 1) {
        for (const key of keys) fn(level, key);
        return;
      }
      for (const key of keys) {
        let next = level.get(key) as Level | undefined;
        if (!next) {
          if (!create) continue;
          level.set(key, (next = new Map()));
        }
        walk(next, d + 1);
      }
    };
    walk(this.root, 0);
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

  /** The equality keys of a document per equality field; undefined when it lacks one (then it is in no list). */
  private keysOf(doc: Doc): EqKey[][] | undefined {
    if (this.layout.eq.length === 0) return [[ALL]];
    const lists: EqKey[][] = [];
    for (const { segs, contains } of this.layout.eq) {
      const v = getField(doc.fields, segs);
      if (!v) return undefined;
      if (!contains) {
        const key = eqKey(v);
        if (key === undefined) return undefined;
        lists.push([key]);
        continue;
      }
      const keys = new Set<EqKey>();
      for (const x of v.arrayValue?.values ?? []) {
        const key = eqKey(x);
        if (key !== undefined) keys.add(key);
      }
      if (keys.size === 0) return undefined;
      lists.push([...keys]);
    }
    return lists;
  }

  private add(keys: EqKey[][], entry: Entry): void {
    this.visit(keys, true, (level, key) => {
      const b = level.get(key) as Bucket | undefined;
      if (b === undefined) level.set(key, entry);
      else if (b instanceof SortedList) b.insert(entry);
      else {
        const list = new SortedList(this.cmp);
        list.insert(b);
        list.insert(entry);
        level.set(key, list);
      }
    });
  }

  private remove(keys: EqKey[][], entry: Entry): void {
    this.visit(keys, false, (level, key) => {
      const b = level.get(key) as Bucket | undefined;
      if (b === undefined) return;
      if (!(b instanceof SortedList)) {
        if (this.cmp(b, entry) === 0) level.delete(key);
        return;
      }
      b.remove(entry);
      if (b.size === 1) level.set(key, b.at(0));
    });
  }

  private build(docs: () => Iterable<Doc>): void {
    const all: Entry[] = [];
    this.missing = 0;
    for (const doc of docs()) {
      const entry = this.entryOf(doc);
      if (entry) all.push(entry);
      else if (this.keysOf(doc)) this.missing++;
    }
    // sorted once; dealt out in that order, every list comes out sorted
    all.sort(this.cmp);
    const grouped: Entry[][] = [];
    this.docs = 0;
    for (const entry of all) {
      const keys = this.keysOf(entry.doc);
      if (!keys) continue;
      this.docs++;
      this.visit(keys, true, (level, key) => {
        const b = level.get(key) as Bucket | Entry[] | undefined;
        if (b === undefined) level.set(key, entry);
        else if (Array.isArray(b)) b.push(entry);
        else {
          const list = [b as Entry, entry];
          grouped.push(list);
          level.set(key, list as unknown as Bucket);
        }
      });
    }
    // the lists of several entries become sorted lists
    const finish = (level: Level) => {
      for (const [key, x] of level) {
        if (x instanceof Map) finish(x);
        else if (Array.isArray(x)) level.set(key, SortedList.fromSorted(x as Entry[], this.cmp));
      }
    };
    finish(this.root);
  }

  private sync(docs: () => Iterable<Doc>): void {
    if (this.stale) {
      this.build(docs);
      this.stale = false;
      return;
    }
    for (const [old, next] of this.pending) {
      const gone = old && this.entryOf(old);
      const goneKeys = old && this.keysOf(old);
      if (gone && goneKeys) this.remove(goneKeys, gone);
      const added = next && this.entryOf(next);
      const addedKeys = next && this.keysOf(next);
      if (added && addedKeys) this.add(addedKeys, added);
      this.docs += (added && addedKeys ? 1 : 0) - (gone && goneKeys ? 1 : 0);
      this.missing += (!added && addedKeys ? 1 : 0) - (!gone && goneKeys ? 1 : 0);
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

  /**
   * The index answering an equality-only count: a sibling with the same equality fields and ordered fields every
   * such document has (a page's index: production counts from merged single-field indexes, the entries are the
   * same), so one index serves a list's page and its count; else the count's own (name-ordered) index.
   */
  forCount(coll: string, layout: Layout, docs: () => Iterable<Doc>): CompositeIndex {
    const eq = JSON.stringify(layout.eq);
    const m = this.byCollection.get(coll);
    for (const idx of m?.values() ?? [])
      if (idx.layout.order.length > 0 && JSON.stringify(idx.layout.eq) === eq && idx.complete(docs)) {
        m!.delete(layout.id); // the count's own index, if an earlier count built one
        return idx;
      }
    return this.index(coll, layout);
  }

  index(coll: string, layout: Layout): CompositeIndex {
    let m = this.byCollection.get(coll);
    if (!m) this.byCollection.set(coll, (m = new Map()));
    let idx = m.get(layout.id);
    if (!idx) m.set(layout.id, (idx = new CompositeIndex(layout)));
    return idx;
  }
}
