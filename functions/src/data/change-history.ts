import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { HistoryEntry, HistoryEntryInput } from '../model/change-history.js';
import type { Page } from '../model/paging.js';
import { entityConverter } from './converter.js';
import { readPage } from './paged-query.js';

/** The subcollection every audited record keeps its history in: `<collection>/<recordId>/history/{autoId}`. */
const HISTORY = 'history';

/**
 * Single-field index exemptions (firestore.indexes.json `fieldOverrides`): the entries are only ever read by their
 * record, newest first, so the change list and the counts need no index entries (each would cost writes and storage
 * per changed field).
 */
export const HISTORY_FIELD_OVERRIDES = ['changes', 'counts'].map((fieldPath) => ({
  collectionGroup: HISTORY,
  fieldPath,
  indexes: [] as never[],
}));

const converter = entityConverter<HistoryEntry>({ required: ['at', 'by', 'kind'], defaults: () => ({ changes: [] }) });

/**
 * The change history of one collection's records (docs/decisions-api.md "Change history"). Written only inside the
 * transaction that changes the record, so a refused change leaves no entry and two parallel changes leave two
 * entries whose from → to chain (the second transaction re-reads the record the first wrote). The owning area's
 * repository creates it for its collection and is the only code calling it.
 */
export class ChangeHistory {
  constructor(
    private readonly db: Firestore,
    private readonly collection: string,
  ) {}

  private col(recordId: string) {
    return this.db.collection(this.collection).doc(recordId).collection(HISTORY).withConverter(converter);
  }

  /**
   * Adds ONE entry for a change of the record; nothing when nothing changed (no field, no counts; a creation is always
   * a change). A new auto id: `set` needs no existence check.
   */
  addInTx(tx: Transaction, recordId: string, entry: HistoryEntryInput, at: Date): void {
    if (!entry.changes.length && !entry.counts && entry.kind !== 'create') return;
    const ref = this.col(recordId).doc();
    tx.set(ref, { ...entry, id: ref.id, at });
  }

  /** One page of the record's entries, newest first (the paging contract; the single-field index on `at`). */
  page(recordId: string, page: number, size: number): Promise<Page<HistoryEntry>> {
    return readPage(this.col(recordId), { filters: [], orderBy: 'at', descending: true, page, size });
  }
}
