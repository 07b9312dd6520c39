import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { entityConverter } from '../../data/converter.js';
import { EntityCollection } from '../../data/entity-collection.js';
import { readPage, type PagedListShape } from '../../data/paged-query.js';
import type { Consent } from '../../model/consent.js';
import type { Page } from '../../model/paging.js';

const consentConverter = entityConverter<Consent>({
  required: ['userId', 'companyId', 'document', 'version', 'acceptedAt'],
});

/** Every query GET /user/consents runs: one company's or one user's acceptances, newest or oldest first. */
export const CONSENTS_PAGE_SHAPE: PagedListShape = {
  collectionGroup: 'consents',
  filterSets: [[{ field: 'companyId', op: '==' }], [{ field: 'userId', op: '==' }]],
  orderFields: ['acceptedAt'],
};

export interface ConsentPageQuery {
  scope: { field: 'companyId' | 'userId'; value: string };
  sortDescending: boolean;
  page: number;
  paginationSize: number;
}

/** `consents/{id}`: the acceptances on record (model/consent.ts), written once, never changed. */
export class ConsentsRepository extends EntityCollection<Consent> {
  constructor(db: Firestore) {
    super(db, 'consents', consentConverter);
  }

  /** Writes new acceptances. Call only after all reads of the transaction. */
  recordInTx(tx: Transaction, consents: readonly Consent[]): void {
    for (const consent of consents) this.createInTx(tx, consent);
  }

  /** One page of a company's or a user's acceptances, by acceptance time (see CONSENTS_PAGE_SHAPE). */
  async page(q: ConsentPageQuery): Promise<Page<Consent>> {
    return readPage(this.col(), {
      filters: [{ field: q.scope.field, op: '==', value: q.scope.value }],
      orderBy: 'acceptedAt',
      descending: q.sortDescending,
      page: q.page,
      size: q.paginationSize,
    });
  }
}
