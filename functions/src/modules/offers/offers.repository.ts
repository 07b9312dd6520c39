import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { EntityCollection } from '../../data/entity-collection.js';
import { entityConverter, listViewConverter } from '../../data/converter.js';
import { listOf, type PagedListShape, type QueryFilter } from '../../data/paged-query.js';
import { containsTokens, searchTerm, sortKey } from '../../data/search-tokens.js';
import {
  OFFER_HEAD_FIELDS,
  OFFER_LIST_FIELDS,
  type Offer,
  type OfferHead,
  type OfferListItem,
  type OfferSortColumn,
} from '../../model/offer.js';
import { OFFER_STATES, type OfferState } from '../../model/offer-states.js';
import type { Page } from '../../model/paging.js';

export const OFFERS = 'offers';

/**
 * The list scopes as stored keys `{companyId}:{state}`, so a list with its states filter is ONE `in` filter
 * (and the index set stays small): the supplier company's listed offers (every offer that was not revised)
 * and the customer company's (released, not revised). Null when the offer is not in that list.
 */
function listKey(companyId: string, state: OfferState): string {
  return `${companyId}:${state}`;
}
export function supplierListKey(o: Pick<Offer, 'supplierId' | 'invalidated' | 'state'>): string | null {
  return o.invalidated ? null : listKey(o.supplierId, o.state);
}
export function customerListKey(o: Pick<Offer, 'customerId' | 'invalidated' | 'released' | 'state'>): string | null {
  return o.invalidated || !o.released ? null : listKey(o.customerId, o.state);
}

const offerConverter = entityConverter<Offer>({
  required: ['enquiryId', 'supplierId', 'customerId', 'state', 'version', 'released', 'createDate'],
  nullable: ['releaseDate'],
  defaults: () => ({ documents: [], enquiryStanding: 'open' }),
  derivedFields: ['searchTokens', 'offerNumberSort', 'referenceNumberSort', 'supplierListKey', 'customerListKey'],
  derived: (o) => ({
    searchTokens: containsTokens(o.referenceNumber, o.offerNumber),
    offerNumberSort: sortKey(o.offerNumber),
    referenceNumberSort: sortKey(o.referenceNumber),
    supplierListKey: supplierListKey(o),
    customerListKey: customerListKey(o),
  }),
});

const listConverter = listViewConverter<OfferListItem>(OFFER_LIST_FIELDS);
const headConverter = listViewConverter<OfferHead>(OFFER_HEAD_FIELDS);

const ORDER_FIELDS: Record<OfferSortColumn, string> = {
  createDate: 'createDate',
  releaseDate: 'releaseDate',
  offerNumber: 'offerNumberSort',
  referenceNumber: 'referenceNumberSort',
};

const scopes = ['supplierListKey', 'customerListKey'] as const;

/** Every query GET /offer/filter runs: one scope key `in` the wanted states, ± search. */
export const OFFERS_PAGE_SHAPE: PagedListShape = {
  collectionGroup: OFFERS,
  filterSets: scopes.flatMap((scope) => [
    [{ field: scope, op: 'in' as const }],
    [
      { field: scope, op: 'in' as const },
      { field: 'searchTokens', op: 'array-contains' as const },
    ],
  ]),
  orderFields: Object.values(ORDER_FIELDS),
};

export interface OfferPageQuery {
  supplierId?: string;
  customerId?: string;
  states?: readonly OfferState[];
  search?: string;
  column: OfferSortColumn;
  sortDescending: boolean;
  page: number;
  paginationSize: number;
}

/** `offers/{id}`: the only code touching the collection. */
export class OffersRepository extends EntityCollection<Offer> {
  constructor(db: Firestore) {
    super(db, OFFERS, offerConverter);
  }

  /** Sets where the enquiry stands on these offers (a field no rule reads inside a transaction: a plain batch). */
  async setStanding(ids: readonly string[], standing: Offer['enquiryStanding']): Promise<void> {
    const batch = this.db.batch();
    for (const id of ids) batch.update(this.col().doc(id), { enquiryStanding: standing });
    await batch.commit();
  }

  /** Several offers by id (one batched read); unknown ids are left out. */
  async getMany(ids: readonly string[]): Promise<Map<string, Offer>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const snaps = await this.db.getAll(...unique.map((id) => this.col().doc(id)));
    return new Map(snaps.flatMap((s) => (s.exists ? [[s.id, s.data() as Offer] as const] : [])));
  }

  /** Several offers' OFFER_HEAD_FIELDS (one batched read with a field mask), by id; unknown ids are left out. */
  async getHeads(ids: readonly string[]): Promise<Map<string, OfferHead>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const refs = unique.map((id) => this.db.collection(OFFERS).doc(id).withConverter(headConverter));
    const snaps = await this.db.getAll(...refs, { fieldMask: [...OFFER_HEAD_FIELDS] });
    return new Map(snaps.flatMap((s) => (s.exists ? [[s.id, s.data() as OfferHead] as const] : [])));
  }

  /** Every offer on an enquiry (comparison view, outdated notices): a single-field index. */
  async byEnquiry(enquiryId: string): Promise<Offer[]> {
    return (await this.col().where('enquiryId', '==', enquiryId).get()).docs.map((d) => d.data());
  }

  /** Every offer on an enquiry, read inside a transaction (an order's lapse updates their enquiry standing). */
  async byEnquiryInTx(tx: Transaction, enquiryId: string): Promise<Offer[]> {
    return (await tx.get(this.col().where('enquiryId', '==', enquiryId))).docs.map((d) => d.data());
  }

  /** One page of list rows (GET /offer/filter); see OFFERS_PAGE_SHAPE for the indexes. */
  async page(q: OfferPageQuery): Promise<Page<OfferListItem>> {
    return listOf(this.listQuery(q)).page(q.page, q.paginationSize);
  }

  /** Every row of the list (export): the page's filters and sort, read in batches. */
  rows(q: Omit<OfferPageQuery, 'page' | 'paginationSize'>) {
    return listOf(this.listQuery(q)).all();
  }

  private listQuery(q: Omit<OfferPageQuery, 'page' | 'paginationSize'>) {
    const companyId = q.supplierId ?? q.customerId;
    if (companyId === undefined) throw new Error('an offer page needs the supplier or the customer scope');
    const states = q.states?.length ? [...new Set(q.states)] : OFFER_STATES;
    const filters: QueryFilter[] = [
      {
        field: q.supplierId !== undefined ? 'supplierListKey' : 'customerListKey',
        op: 'in',
        value: states.map((s) => listKey(companyId, s)),
      },
    ];
    const term = searchTerm(q.search);
    if (term) filters.push({ field: 'searchTokens', op: 'array-contains', value: term });
    const base = this.db
      .collection(OFFERS)
      .select(...OFFER_LIST_FIELDS)
      .withConverter(listConverter);
    return { base, query: { filters, orderBy: ORDER_FIELDS[q.column], descending: q.sortDescending } };
  }
}
