// Running a plan: a composite index's range, or candidates (scan, field index range or index walk) → filter → cursors → order → offset/limit.
import { servedDocs } from './composite-query.js';
import type { Plan } from './query.js';
import { rowOf, rowOrder, type Row } from './rows.js';
import type { Doc, Store } from './store.js';
import { topK } from './topk.js';
import { nearest, type NearestPlan } from './vector.js';

/** The documents of one collection a plan has to look at: an index's range when one applies, else all. */
function candidatesIn(store: Store, coll: string, p: Plan, readTime: number | undefined): Iterable<Doc> {
  const docs = store.collections.get(coll);
  if (readTime !== undefined || !docs || docs.size < store.fieldIndexMinDocs || p.hints.length === 0)
    return store.scanCollection(coll, readTime);
  return store.fieldIndexes.candidates(coll, () => docs.values(), p.hints) ?? docs.values();
}

/** Runs a plan: scan → filter → cursor bounds → sort → offset/limit. */
export function execute(store: Store, p: Plan, readTime?: number, unordered = false): Doc[] {
  if (p.nearest) return executeNearest(store, p, p.nearest, readTime);
  const served = servedDocs(store, p, readTime, unordered);
  if (served) return served;
  const walked = orderedWalk(store, p, readTime);
  if (walked) return walked;
  const rows: Row[] = [];
  for (const coll of p.collections) {
    for (const doc of candidatesIn(store, coll, p, readTime)) {
      const row = rowOf(doc, p);
      if (row) rows.push(row);
    }
  }
  const cmp = rowOrder(p);
  if (p.limit === Infinity) {
    // aggregations without limit/offset only need the matching set, not its order
    if (!(unordered && p.offset === 0)) rows.sort(cmp);
    return rows.slice(p.offset).map((r) => r.doc);
  }
  return topK(rows, p.offset + p.limit, cmp)
    .slice(p.offset)
    .map((r) => r.doc);
}

/**
 * A page ordered by one field (then the name in the same direction) read by walking that field's index in query
 * order, stopping after offset + limit matches: production's plan for `where(a == x).orderBy(b).limit(n)` with an
 * index on (a, b). Taken when the filter narrows little (the narrowest index range r of n documents, page k:
 * r² > k·n, so walking k·n/r entries beats sorting r) or the range sits on the order field itself.
 * Undefined: run the candidates path instead.
 */
function orderedWalk(store: Store, p: Plan, readTime: number | undefined): Doc[] | undefined {
  if (readTime !== undefined || p.limit === Infinity || p.collections.length !== 1 || p.order.length !== 2) return;
  const [first, last] = p.order as [Plan['order'][0], Plan['order'][0]];
  if (first.isName || !last.isName || first.dir !== last.dir) return;
  const coll = p.collections[0]!;
  const docs = store.collections.get(coll);
  if (!docs || docs.size < store.fieldIndexMinDocs) return;
  const all = () => docs.values();
  const k = p.offset + p.limit;
  const key = first.segs.join('\u0000');
  const own = p.hints.find((h) => !h.contains && h.segs.join('\u0000') === key && h.ranges.length <= 1);
  if (!own) {
    const best = store.fieldIndexes.narrowest(coll, all, p.hints);
    if (best !== undefined && best * best <= k * docs.size) return;
  }
  const rows: Row[] = [];
  if (k > 0 && own?.ranges.length !== 0)
    for (const doc of store.fieldIndexes.index(coll, first.segs, false).walk(all, first.dir, own?.ranges[0])) {
      const row = rowOf(doc, p);
      if (row && rows.push(row) >= k) break;
    }
  return rows.slice(p.offset).map((r) => r.doc);
}

/** Vector search: exact distances over every document that passes the filters. */
function executeNearest(store: Store, p: Plan, n: NearestPlan, readTime?: number): Doc[] {
  const matching: Doc[] = [];
  for (const coll of p.collections)
    for (const doc of store.scanCollection(coll, readTime)) if (p.filter(doc)) matching.push(doc);
  return nearest(matching, n);
}
