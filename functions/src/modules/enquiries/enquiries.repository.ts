import type { Firestore } from 'firebase-admin/firestore';
import { EntityCollection } from '../../data/entity-collection.js';
import { entityConverter, listViewConverter } from '../../data/converter.js';
import { listOf, type PagedListShape, type QueryFilter } from '../../data/paged-query.js';
import { containsTokens, searchTerm, sortKey } from '../../data/search-tokens.js';
import {
  ENQUIRY_LIST_FIELDS,
  type Enquiry,
  type EnquiryListItem,
  type EnquirySortColumn,
} from '../../model/enquiry.js';
import type { Page } from '../../model/paging.js';

const ENQUIRIES = 'enquiries';

/**
 * Suppliers' list filter as ONE stored flag (released, not archived, not closed), so their list needs one
 * equality filter and the same index shape as the customer's (customerId ==).
 */
export function openToSuppliers(e: Pick<Enquiry, 'released' | 'archived' | 'closed'>): boolean {
  return e.released && !e.archived && !e.closed;
}

const enquiryConverter = entityConverter<Enquiry>({
  required: ['customerId', 'title', 'released', 'closed', 'archived', 'createDate'],
  // drafts have no release date; stored as null so sorting by it keeps them (at the start, ascending)
  nullable: ['releaseDate'],
  defaults: () => ({ documents: [], supplements: [] }),
  derivedFields: ['searchTokens', 'titleSort', 'referenceNumberSort', 'openToSuppliers'],
  derived: (e) => ({
    searchTokens: containsTokens(e.title),
    titleSort: sortKey(e.title),
    referenceNumberSort: sortKey(e.referenceNumber),
    openToSuppliers: openToSuppliers(e),
  }),
});

const listConverter = listViewConverter<EnquiryListItem>(ENQUIRY_LIST_FIELDS);

/** Sort column of /enquiry/filter → stored field (text columns by their folded sort key). */
const ORDER_FIELDS: Record<EnquirySortColumn, string> = {
  createDate: 'createDate',
  title: 'titleSort',
  referenceNumber: 'referenceNumberSort',
  releaseDate: 'releaseDate',
};

/** Every query GET /enquiry/filter runs: the customer's own or the suppliers' open market, ± title search. */
export const ENQUIRIES_PAGE_SHAPE: PagedListShape = {
  collectionGroup: ENQUIRIES,
  filterSets: [
    [{ field: 'customerId', op: '==' }],
    [
      { field: 'customerId', op: '==' },
      { field: 'searchTokens', op: 'array-contains' },
    ],
    [{ field: 'openToSuppliers', op: '==' }],
    [
      { field: 'openToSuppliers', op: '==' },
      { field: 'searchTokens', op: 'array-contains' },
    ],
  ],
  orderFields: Object.values(ORDER_FIELDS),
};

export interface EnquiryPageQuery {
  /** the customer's own enquiries (all states) */
  customerId?: string;
  /** the suppliers' market: released, not archived, not closed */
  openToSuppliers?: boolean;
  title?: string;
  column: EnquirySortColumn;
  sortDescending: boolean;
  page: number;
  paginationSize: number;
}

/** `enquiries/{id}`: the only code touching the collection. */
export class EnquiriesRepository extends EntityCollection<Enquiry> {
  constructor(db: Firestore) {
    super(db, ENQUIRIES, enquiryConverter);
  }

  /** One page of list rows (GET /enquiry/filter); see ENQUIRIES_PAGE_SHAPE for the indexes. */
  async page(q: EnquiryPageQuery): Promise<Page<EnquiryListItem>> {
    return listOf(this.listQuery(q)).page(q.page, q.paginationSize);
  }

  /** Every row of the list (export): the page's filters and sort, read in batches. */
  rows(q: Omit<EnquiryPageQuery, 'page' | 'paginationSize'>) {
    return listOf(this.listQuery(q)).all();
  }

  private listQuery(q: Omit<EnquiryPageQuery, 'page' | 'paginationSize'>) {
    const filters: QueryFilter[] = [];
    if (q.customerId !== undefined) filters.push({ field: 'customerId', op: '==', value: q.customerId });
    if (q.openToSuppliers !== undefined) filters.push({ field: 'openToSuppliers', op: '==', value: q.openToSuppliers });
    if (!filters.length) throw new Error('an enquiry page needs the customer or the suppliers filter');
    const term = searchTerm(q.title);
    if (term) filters.push({ field: 'searchTokens', op: 'array-contains', value: term });
    const base = this.db
      .collection(ENQUIRIES)
      .select(...ENQUIRY_LIST_FIELDS)
      .withConverter(listConverter);
    return { base, query: { filters, orderBy: ORDER_FIELDS[q.column], descending: q.sortDescending } };
  }

  async countByCustomer(customerId: string): Promise<number> {
    return (await this.col().where('customerId', '==', customerId).count().get()).data().count;
  }
}
