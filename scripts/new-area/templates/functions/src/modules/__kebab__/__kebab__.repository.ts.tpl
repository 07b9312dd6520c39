import type { Firestore } from 'firebase-admin/firestore';
import { entityConverter } from '../../data/converter.js';
import { EntityCollection } from '../../data/entity-collection.js';
import { readPage, type PagedListShape, type QueryFilter } from '../../data/paged-query.js';
import { searchTerm, searchTokens, sortKey } from '../../data/search-tokens.js';
import type { __Pascal__Filter, __Pascal__Record, __Pascal__SortColumn } from '../../model/__kebab__.js';
import type { Page } from '../../model/paging.js';

const __UPPER___COLLECTION = '__camel__';

const converter = entityConverter<__Pascal__Record>({
  required: ['title', 'createdBy', 'createDate', 'lastUpdate'],
  defaults: () => ({ note: '' }),
  // query-only fields: the search's word prefixes and the folded sort key of the title (data/search-tokens.ts)
  derivedFields: ['searchTokens', 'titleSort'],
  derived: (r) => ({ searchTokens: searchTokens(r.title, r.note), titleSort: sortKey(r.title) }),
});

/** Sort column of GET /__kebab__/filter → stored field (text columns by their folded sort key). */
const ORDER_FIELDS: Record<__Pascal__SortColumn, string> = {
  title: 'titleSort',
  createDate: 'createDate',
  lastUpdate: 'lastUpdate',
};

/** Every query GET /__kebab__/filter can run (search, sort): firestore.indexes.json is derived from it. */
export const __UPPER___PAGE_SHAPE: PagedListShape = {
  collectionGroup: __UPPER___COLLECTION,
  filterSets: [[], [{ field: 'searchTokens', op: 'array-contains' }]],
  orderFields: Object.values(ORDER_FIELDS),
};

/** `__camel__/{id}`: the only code touching the area's collection. */
export class __Pascal__Repository extends EntityCollection<__Pascal__Record> {
  constructor(db: Firestore) {
    super(db, __UPPER___COLLECTION, converter);
  }

  /** One page of records (GET /__kebab__/filter); see __UPPER___PAGE_SHAPE for the indexes. */
  async page(q: __Pascal__Filter): Promise<Page<__Pascal__Record>> {
    const filters: QueryFilter[] = [];
    const term = searchTerm(q.search);
    if (term) filters.push({ field: 'searchTokens', op: 'array-contains', value: term });
    return readPage(this.col(), {
      filters,
      orderBy: ORDER_FIELDS[q.column ?? 'title'],
      descending: q.sortDescending,
      page: q.page,
      size: q.paginationSize,
    });
  }
}
