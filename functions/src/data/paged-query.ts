import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Page } from '../model/paging.js';

/**
 * The filters a paged list may use: equality-like ones on any field, and ranges (`since…`, `up to…`) on the
 * sort field only — Firestore orders a range query by its range field first, so a range elsewhere would change
 * the sort. count() and the page share one index set either way.
 */
type FilterOp = '==' | 'in' | 'array-contains' | RangeOp;
type RangeOp = '<' | '<=' | '>' | '>=';
const RANGE_OPS: readonly FilterOp[] = ['<', '<=', '>', '>='];
const isRange = (f: Pick<QueryFilter, 'op'>) => RANGE_OPS.includes(f.op);

export interface QueryFilter {
  field: string;
  op: FilterOp;
  value: unknown;
}

export interface PageQuery {
  filters: QueryFilter[];
  /** Field path to sort by; documents lacking it would be skipped, so converters store such fields as null. */
  orderBy: string;
  descending: boolean;
  /** Zero-based page index (model/paging.ts caps it at MAX_PAGE_INDEX). */
  page: number;
  size: number;
}

/**
 * The one repository helper for server-side pages: applies the filters, sorts, skips `page × size`
 * documents (offset), reads `size` and counts all matches with a count() aggregation, in parallel.
 * Ties are ordered by document id (Firestore's implicit last order), so pages never overlap. The page and
 * the count are two reads, not one snapshot: a write between them can make the total differ by that write.
 * Cost: the page's documents + the skipped ones (Firestore bills an offset's documents) + 1 read per
 * 1 000 index entries counted. Deep pages get expensive by design; MAX_PAGE_INDEX bounds them.
 */
export async function readPage<T>(base: Query<T>, q: PageQuery): Promise<Page<T>> {
  const misplaced = q.filters.find((f) => isRange(f) && f.field !== q.orderBy);
  if (misplaced) throw new Error(`readPage: a range filter on ${misplaced.field} needs the sort on that field`);
  let filtered = base;
  for (const f of q.filters) filtered = filtered.where(f.field, f.op, f.value);
  const pageQuery = filtered
    .orderBy(q.orderBy, q.descending ? 'desc' : 'asc')
    .offset(q.page * q.size)
    .limit(q.size);
  const [count, snap] = await Promise.all([filtered.count().get(), pageQuery.get()]);
  return { content: snap.docs.map((d) => d.data()), totalElements: count.data().count };
}

/** One entry of firestore.indexes.json. */
export interface IndexDefinition {
  collectionGroup: string;
  queryScope: 'COLLECTION';
  fields: Array<
    { fieldPath: string; order: 'ASCENDING' | 'DESCENDING' } | { fieldPath: string; arrayConfig: 'CONTAINS' }
  >;
}

/**
 * The composite index a page query needs, or undefined when Firestore's automatic single-field indexes
 * serve it (no filter, or only a filter on the sort field). The count() of the same filters needs none:
 * equality filters alone are served by merging single-field indexes.
 */
export function requiredIndex(
  collectionGroup: string,
  filters: ReadonlyArray<Pick<QueryFilter, 'field' | 'op'>>,
  orderBy: string,
  descending: boolean,
): IndexDefinition | undefined {
  // ranges sit on the sort field: its index entry serves them
  const others = filters.filter((f) => f.field !== orderBy && !isRange(f));
  if (!others.length) return undefined;
  return {
    collectionGroup,
    queryScope: 'COLLECTION',
    fields: [
      ...others.map((f) =>
        f.op === 'array-contains'
          ? { fieldPath: f.field, arrayConfig: 'CONTAINS' as const }
          : { fieldPath: f.field, order: 'ASCENDING' as const },
      ),
      { fieldPath: orderBy, order: descending ? 'DESCENDING' : 'ASCENDING' },
    ],
  };
}

/**
 * What a list can ask for: each combination of filters it may send × each sort field × both directions.
 * Areas declare this next to their repository; a unit test checks firestore.indexes.json against it.
 */
export interface PagedListShape {
  collectionGroup: string;
  filterSets: ReadonlyArray<ReadonlyArray<Pick<QueryFilter, 'field' | 'op'>>>;
  orderFields: readonly string[];
}

export function indexesFor(shape: PagedListShape): IndexDefinition[] {
  const out: IndexDefinition[] = [];
  for (const filters of shape.filterSets) {
    for (const orderBy of shape.orderFields) {
      for (const descending of [false, true]) {
        const index = requiredIndex(shape.collectionGroup, filters, orderBy, descending);
        if (index) out.push(index);
      }
    }
  }
  return out;
}

/** The rows a list export reads per query (a cursor walks on from the last one). */
const EXPORT_BATCH = 500;

/** How many documents a list's filters match (one count() aggregation). */
async function countMatches<T>(base: Query<T>, filters: readonly QueryFilter[]): Promise<number> {
  let filtered = base;
  for (const f of filters) filtered = filtered.where(f.field, f.op, f.value);
  return (await filtered.count().get()).data().count;
}

/**
 * Every row of a list in its order (the page query without page and size), read in batches after a cursor — for
 * a streamed export: memory holds one batch, and each batch is one query on the list's own indexes.
 */
export async function* readAll<T>(
  base: Query<T>,
  q: Omit<PageQuery, 'page' | 'size'>,
  batch = EXPORT_BATCH,
): AsyncGenerator<T> {
  let filtered = base;
  for (const f of q.filters) filtered = filtered.where(f.field, f.op, f.value);
  const ordered = filtered.orderBy(q.orderBy, q.descending ? 'desc' : 'asc').limit(batch);
  let cursor: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const snap = await (cursor ? ordered.startAfter(cursor) : ordered).get();
    for (const doc of snap.docs) yield doc.data();
    if (snap.size < batch) return;
    cursor = snap.docs[snap.size - 1];
  }
}

/** A list's query (its base and its filters and sort) as its page and as all its rows for an export. */
export function listOf<T>(list: { base: Query<T>; query: Omit<PageQuery, 'page' | 'size'> }) {
  return {
    page: (page: number, size: number) => readPage(list.base, { ...list.query, page, size }),
    all: () => ({ count: () => countMatches(list.base, list.query.filters), rows: readAll(list.base, list.query) }),
  };
}
