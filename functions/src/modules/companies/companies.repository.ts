import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { EntityCollection } from '../../data/entity-collection.js';
import { entityConverter } from '../../data/converter.js';
import { listOf, type PagedListShape, type QueryFilter } from '../../data/paged-query.js';
import { searchTerm, searchTokens, sortKey } from '../../data/search-tokens.js';
import type { Company, CompanySortColumn, CompanyType } from '../../model/company.js';
import type { Page } from '../../model/paging.js';

export const companyConverter = entityConverter<Company>({
  required: ['name', 'type', 'address'],
  // absent for non-customers; stored as null so sorting by it keeps every company
  nullable: ['customerNumber'],
  derivedFields: ['searchTokens', 'nameSort', 'citySort'],
  derived: (c) => ({
    searchTokens: searchTokens(c.name, c.customerNumber, c.address.city, c.address.zip),
    nameSort: sortKey(c.name),
    citySort: sortKey(c.address.city),
  }),
});

/** Sort column of /company/filter → stored field (text columns by their folded sort key, see sortKey). */
const ORDER_FIELDS: Record<CompanySortColumn, string> = {
  name: 'nameSort',
  type: 'type',
  customerNumber: 'customerNumber',
  city: 'citySort',
  createDate: 'createDate',
};

/** Every query GET /company/filter can run (types, search, sort). */
export const COMPANIES_PAGE_SHAPE: PagedListShape = {
  collectionGroup: 'companies',
  filterSets: [
    [],
    [{ field: 'type', op: 'in' }],
    [{ field: 'searchTokens', op: 'array-contains' }],
    [
      { field: 'type', op: 'in' },
      { field: 'searchTokens', op: 'array-contains' },
    ],
  ],
  orderFields: Object.values(ORDER_FIELDS),
};

export interface CompanyPageQuery {
  types?: CompanyType[];
  search?: string;
  column: CompanySortColumn;
  sortDescending: boolean;
  page: number;
  paginationSize: number;
}

/** `companies/{id}`. */
export class CompaniesRepository extends EntityCollection<Company> {
  constructor(db: Firestore) {
    super(db, 'companies', companyConverter);
  }

  async getMany(ids: string[]): Promise<Map<string, Company>> {
    const unique = [...new Set(ids)].filter(Boolean);
    if (!unique.length) return new Map();
    // getAll loses the converter's type; its snapshots still run it
    const snaps = (await this.db.getAll(...unique.map((id) => this.col().doc(id)))) as Array<DocumentSnapshot<Company>>;
    const out = new Map<string, Company>();
    for (const snap of snaps) {
      const company = snap.data();
      if (company) out.set(company.id, company);
    }
    return out;
  }

  async list(): Promise<Company[]> {
    return (await this.col().get()).docs.map((d) => d.data());
  }

  /** One page of companies (GET /company/filter); see COMPANIES_PAGE_SHAPE for the indexes. */
  async page(q: CompanyPageQuery): Promise<Page<Company>> {
    return listOf(this.listQuery(q)).page(q.page, q.paginationSize);
  }

  /** Every row of the list (export): the page's filters and sort, read in batches. */
  rows(q: Omit<CompanyPageQuery, 'page' | 'paginationSize'>) {
    return listOf(this.listQuery(q)).all();
  }

  private listQuery(q: Omit<CompanyPageQuery, 'page' | 'paginationSize'>) {
    const filters: QueryFilter[] = [];
    if (q.types?.length)
      filters.push(
        q.types.length === 1
          ? { field: 'type', op: '==', value: q.types[0] }
          : { field: 'type', op: 'in', value: q.types },
      );
    const term = searchTerm(q.search);
    if (term) filters.push({ field: 'searchTokens', op: 'array-contains', value: term });
    return { base: this.col(), query: { filters, orderBy: ORDER_FIELDS[q.column], descending: q.sortDescending } };
  }

  /** Rewrites every company through the converter (derived fields of older documents); idempotent. */
  async rewriteAll(): Promise<Company[]> {
    const all = await this.list();
    const writer = this.db.bulkWriter();
    for (const company of all) void writer.set(this.col().doc(company.id), company);
    await writer.close();
    return all;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.col().limit(1).get()).empty;
  }
}
