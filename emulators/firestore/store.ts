import { invalid } from './errors.js';
import type { Fields } from './values.js';
import { FieldIndexes, INDEX_MIN_DOCS } from './field-index.js';
import { CompositeIndexes } from './composite-index.js';

/** A stored document. Times are microseconds since the epoch (production's precision). */
export interface Doc {
  name: string;
  fields: Fields;
  createTime: number;
  updateTime: number;
}

/** An overwritten or deleted version, kept for a while so reads at a past readTime see it. */
interface OldVersion {
  doc: Doc;
  until: number;
}

const HISTORY_RETENTION_US = 60 * 60 * 1e6; // production allows readTime up to 1 hour in the past
const HISTORY_MAX = 100_000; // bounds memory under heavy overwrite workloads

/** `projects/p/databases/d/documents/a/b` → the collection key `projects/p/databases/d/documents/a`. */
export const parentOf = (name: string): string => name.slice(0, name.lastIndexOf('/'));

const DOC_NAME = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/;

/** Validates a document resource name (even number of non-empty segments after `documents/`). */
export function checkDocName(name: string): void {
  const m = DOC_NAME.exec(name);
  if (!m) throw invalid(`Invalid document name "${name}".`);
  const segs = m[3]!.split('/');
  if (segs.length % 2 !== 0 || segs.some((s) => s === ''))
    throw invalid(`Document name "${name}" has an odd number of segments.`);
  for (const [i, s] of segs.entries()) {
    // document ids (odd positions) may be numeric ids `__id<n>__`; other `__x__` segments are reserved
    if (s === '.' || s === '..' || (/^__.*__$/.test(s) && !(i % 2 === 1 && isNumericId(s))))
      throw invalid(`Invalid document path segment "${s}" in "${name}".`);
    if (Buffer.byteLength(s) > 1500) throw invalid(`Document ID too long in "${name}".`);
  }
}

/** `__id<n>__` with n a signed 64-bit integer: production accepts these ids (and orders them numerically). */
function isNumericId(s: string): boolean {
  const m = /^__id(-?\d{1,19})__$/.exec(s);
  if (!m) return false;
  const n = BigInt(m[1]!);
  return n >= -(2n ** 63n) && n < 2n ** 63n;
}

const DB_ROOT = /^projects\/[^/]+\/databases\/[^/]+\/documents/;
/** Root of a database: `projects/p/databases/d/documents` (the name itself when it has none). */
export const dbRoot = (name: string): string => DB_ROOT.exec(name)?.[0] ?? name;

/** Last path segment: a document's id, or a collection path's collection id. */
export const lastSegment = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * In-memory document store: one map per collection (queries scan only their collection),
 * an index from collection id to collection paths (collection-group queries), and a short
 * version history for reads at a past readTime.
 */
export class Store {
  readonly collections = new Map<string, Map<string, Doc>>();
  /** sorted single-field indexes, built when a query first can use them (field-index.ts) */
  readonly fieldIndexes = new FieldIndexes();
  /** composite indexes as sorted entries, built when a query they serve first runs (composite-index.ts) */
  readonly compositeIndexes = new CompositeIndexes();

  /**
   * @param fieldIndexMinDocs collections with fewer documents are scanned instead of indexed
   * @param compositeIndexesOn false: no query is served from composite indexes (for comparisons)
   */
  constructor(
    readonly fieldIndexMinDocs = INDEX_MIN_DOCS,
    readonly compositeIndexesOn = true,
  ) {}
  private readonly byCollectionId = new Map<string, Set<string>>();
  private readonly history = new Map<string, OldVersion[]>();
  private historyOrder: { name: string; until: number }[] = [];
  /** Bumped on every mutation; persistence flushes when it changed. */
  generation = 0;
  /** Called once per event-loop turn after mutations (realtime listeners). */
  readonly listeners = new Set<() => void>();
  private notifyScheduled = false;

  private changed(): void {
    this.generation++;
    if (this.notifyScheduled || this.listeners.size === 0) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      for (const l of [...this.listeners]) l();
    });
  }

  get(name: string): Doc | undefined {
    return this.collections.get(parentOf(name))?.get(lastSegment(name));
  }

  /** The version of a document visible at `readTime` (undefined when it did not exist then). */
  getAt(name: string, readTime: number | undefined): Doc | undefined {
    const cur = this.get(name);
    if (readTime === undefined || (cur && cur.updateTime <= readTime)) return cur;
    for (const v of this.history.get(name) ?? []) if (v.until > readTime && v.doc.updateTime <= readTime) return v.doc;
    return undefined;
  }

  put(doc: Doc, now: number): void {
    const coll = parentOf(doc.name);
    let m = this.collections.get(coll);
    if (!m) {
      m = new Map();
      this.collections.set(coll, m);
      const id = lastSegment(coll);
      let set = this.byCollectionId.get(id);
      if (!set) this.byCollectionId.set(id, (set = new Set()));
      set.add(coll);
    }
    const id = lastSegment(doc.name);
    const old = m.get(id);
    if (old) this.remember(old, now);
    m.set(id, doc);
    this.fieldIndexes.changed(coll, old, doc);
    this.compositeIndexes.changed(coll, old, doc);
    this.changed();
  }

  delete(name: string, now: number): void {
    const coll = parentOf(name);
    const m = this.collections.get(coll);
    const id = lastSegment(name);
    const old = m?.get(id);
    if (!m || !old) return;
    this.remember(old, now);
    m.delete(id);
    this.fieldIndexes.changed(coll, old, undefined);
    this.compositeIndexes.changed(coll, old, undefined);
    if (m.size === 0) this.dropCollection(coll);
    this.changed();
  }

  /** Loads a document without history (startup from disk). */
  load(doc: Doc): void {
    this.put(doc, 0);
  }

  private dropCollection(coll: string): void {
    this.collections.delete(coll);
    this.fieldIndexes.drop(coll);
    this.compositeIndexes.drop(coll);
    const id = lastSegment(coll);
    const set = this.byCollectionId.get(id);
    set?.delete(coll);
    if (set && set.size === 0) this.byCollectionId.delete(id);
  }

  private remember(doc: Doc, until: number): void {
    if (until === 0) return;
    let list = this.history.get(doc.name);
    if (!list) this.history.set(doc.name, (list = []));
    list.push({ doc, until });
    this.historyOrder.push({ name: doc.name, until });
    if (this.historyOrder.length > HISTORY_MAX * 1.5) this.pruneHistory(until);
  }

  /** Forgets versions older than the retention window (or beyond the size cap). */
  pruneHistory(now: number): void {
    const cutoff = now - HISTORY_RETENTION_US;
    const excess = Math.max(0, this.historyOrder.length - HISTORY_MAX);
    let drop = 0;
    while (drop < this.historyOrder.length && (drop < excess || this.historyOrder[drop]!.until < cutoff)) drop++;
    if (drop === 0) return;
    const limit = this.historyOrder[drop - 1]!.until;
    for (const { name } of this.historyOrder.slice(0, drop)) {
      const list = this.history.get(name);
      if (!list) continue;
      const kept = list.filter((v) => v.until > limit);
      if (kept.length) this.history.set(name, kept);
      else this.history.delete(name);
    }
    this.historyOrder = this.historyOrder.slice(drop);
  }

  /** Documents of one collection as of readTime (current state when undefined). */
  *scanCollection(coll: string, readTime?: number): Generator<Doc> {
    const m = this.collections.get(coll);
    if (readTime === undefined) {
      if (m) yield* m.values();
      return;
    }
    if (m)
      for (const d of m.values()) {
        const v = d.updateTime <= readTime ? d : this.getAt(d.name, readTime);
        if (v) yield v;
      }
    for (const name of this.history.keys()) {
      if (parentOf(name) !== coll || this.get(name)) continue;
      const v = this.getAt(name, readTime);
      if (v) yield v;
    }
  }

  /** Collection paths below `parent` (a db root or document name) with the given id ('' = any). */
  collectionsUnder(parent: string, collectionId: string): string[] {
    const prefix = parent + '/';
    const candidates = collectionId ? (this.byCollectionId.get(collectionId) ?? []) : this.collections.keys();
    const out: string[] = [];
    for (const c of candidates) if (c.startsWith(prefix)) out.push(c);
    if (collectionId && this.history.size) {
      // collections whose documents were all deleted may still be visible at a past readTime
      for (const name of this.history.keys()) {
        const c = parentOf(name);
        if (c.startsWith(prefix) && c.endsWith('/' + collectionId) && !out.includes(c)) out.push(c);
      }
    }
    return out;
  }

  /** Ids of collections directly under `parent` that contain documents somewhere below. */
  collectionIdsUnder(parent: string): string[] {
    const prefix = parent + '/';
    const ids = new Set<string>();
    for (const c of this.collections.keys()) {
      if (!c.startsWith(prefix)) continue;
      const rest = c.slice(prefix.length);
      const slash = rest.indexOf('/');
      ids.add(slash < 0 ? rest : rest.slice(0, slash));
    }
    return [...ids];
  }

  /** Ids of documents that do not exist but have subcollections, directly in collection `coll`. */
  missingParentsIn(coll: string): string[] {
    const prefix = coll + '/';
    const m = this.collections.get(coll);
    const ids = new Set<string>();
    for (const c of this.collections.keys()) {
      if (!c.startsWith(prefix)) continue;
      const rest = c.slice(prefix.length);
      const id = rest.slice(0, rest.indexOf('/'));
      if (!m?.has(id)) ids.add(id);
    }
    return [...ids];
  }

  /** Removes all documents of a database (`projects/p/databases/d/documents`). */
  clear(root: string): void {
    const prefix = root + '/';
    for (const c of [...this.collections.keys()]) if (c.startsWith(prefix)) this.dropCollection(c);
    for (const name of [...this.history.keys()]) if (name.startsWith(prefix)) this.history.delete(name);
    this.changed();
  }

  count(): number {
    let n = 0;
    for (const m of this.collections.values()) n += m.size;
    return n;
  }
}
