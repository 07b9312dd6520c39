import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { revive } from '../../data/firestore-values.js';

/** `articleImportLock/current`: the one running article import (docs/decisions-imports.md "The lock"). */
export interface ImportLock {
  taskId: string;
  importId: string;
  configId: string;
}

/** `articleImports/{importId}`: what an import did so far (written in its chunks' commits, so counts are exact). */
export interface ImportRecord {
  id: string;
  taskId: string;
  configId: string;
  fileName: string;
  sourcePath: string;
  createdBy: string;
  created: number;
  updated: number;
  failedRows: number;
  reportPath?: string;
}

export interface ImportRowProblem {
  row: number;
  column: string;
  reason: string;
}

/**
 * `articleImportErrors/{importId}-{from}`: one chunk's row errors, `from` = the chunk's starting cursor (a
 * deterministic id: a chunk commits once).
 */
interface ImportErrorBatch {
  importId: string;
  /** the chunk's starting cursor (data rows before it); sorts the report */
  batch: number;
  errors: ImportRowProblem[];
}

export const IMPORT_LOCK = { collection: 'articleImportLock', id: 'current' } as const;
const IMPORTS = 'articleImports';
const IMPORT_ERRORS = 'articleImportErrors';

/** The article import's documents; the only code touching them. */
export class ArticleTransferRepository {
  constructor(private readonly db: Firestore) {}

  lockRef() {
    return this.db.collection(IMPORT_LOCK.collection).doc(IMPORT_LOCK.id);
  }

  async lock(tx?: Transaction): Promise<ImportLock | undefined> {
    const snap = tx ? await tx.get(this.lockRef()) : await this.lockRef().get();
    return snap.exists ? (snap.data() as ImportLock) : undefined;
  }

  setLockInTx(tx: Transaction, lock: ImportLock): void {
    tx.set(this.lockRef(), lock);
  }

  newImportId(): string {
    return this.db.collection(IMPORTS).doc().id;
  }

  private importRef(id: string) {
    return this.db.collection(IMPORTS).doc(id);
  }

  createImportInTx(tx: Transaction, record: ImportRecord): void {
    tx.create(this.importRef(record.id), record);
  }

  async getImport(id: string): Promise<ImportRecord | undefined> {
    const snap = await this.importRef(id).get();
    return snap.exists ? revive<ImportRecord>({ ...snap.data(), id }) : undefined;
  }

  /** The import's record read in a chunk's commit (its counts before the chunk's increments). */
  async getImportInTx(tx: Transaction, id: string): Promise<ImportRecord | undefined> {
    const snap = await tx.get(this.importRef(id));
    return snap.exists ? revive<ImportRecord>({ ...snap.data(), id }) : undefined;
  }

  setReportPath(id: string, reportPath: string): Promise<unknown> {
    return this.importRef(id).update({ reportPath });
  }

  /** One batch's outcome: its row errors and the counts, in the chunk's commit. */
  recordBatchInTx(
    tx: Transaction,
    importId: string,
    batch: number,
    outcome: { created: number; updated: number; failedRows: number; errors: ImportRowProblem[] },
  ): void {
    if (outcome.errors.length)
      tx.set(this.db.collection(IMPORT_ERRORS).doc(`${importId}-${batch}`), {
        importId,
        batch,
        errors: outcome.errors,
      } satisfies ImportErrorBatch);
    tx.update(this.importRef(importId), {
      created: FieldValue.increment(outcome.created),
      updated: FieldValue.increment(outcome.updated),
      failedRows: FieldValue.increment(outcome.failedRows),
    });
  }

  async errors(importId: string): Promise<ImportRowProblem[]> {
    const snap = await this.db.collection(IMPORT_ERRORS).where('importId', '==', importId).get();
    return snap.docs
      .map((d) => d.data() as ImportErrorBatch)
      .sort((a, b) => a.batch - b.batch)
      .flatMap((b) => b.errors);
  }
}
