import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { entityConverter } from '../../data/converter.js';
import { EntityCollection } from '../../data/entity-collection.js';
import { readAll, readPage, type PagedListShape, type QueryFilter } from '../../data/paged-query.js';
import { sortKey } from '../../data/search-tokens.js';
import type { BomErrorType } from '../../model/bom/bom-error.js';
import { BOM_LINE_SORT_FIELDS, type BomJob, type BomLineColumn, type StoredBomLine } from '../../model/bom-job.js';
import type { Page } from '../../model/paging.js';

export const BOM_JOBS = 'bomJobs';
/** `bomJobs/{jobId}/runs/{runId}/bomLines/{lineId}`: one line set per mapping (docs/decisions-bom.md). */
export const BOM_LINES = 'bomLines';

const jobConverter = entityConverter<BomJob>({
  required: ['owner', 'ownerId', 'runId', 'revision', 'mappedAt'],
});

const lineConverter = entityConverter<StoredBomLine>({
  required: ['rowNumber', 'quantity'],
  defaults: () => ({ problems: [], manualReplacement: false, edited: false, isSuppliedPart: false }),
  derivedFields: ['hasError', 'orderNumberSort', 'manufacturerNumberSort', 'manufacturerSort'],
  // sorted by what the table shows: the catalogue's number when matched, else the file's
  derived: (l) => ({
    hasError: Boolean(l.bomError),
    orderNumberSort: sortKey(l.matchedArticle?.orderNumber ?? l.orderNumber),
    manufacturerNumberSort: sortKey(l.matchedArticle?.manufacturerNumber ?? l.manufacturerNumber),
    manufacturerSort: sortKey(l.matchedArticle?.manufacturerName ?? l.manufacturerName),
  }),
});

/** The article table's queries: all lines or the errors only, sorted by any of its columns, both directions. */
export const BOM_LINES_PAGE_SHAPE: PagedListShape = {
  collectionGroup: BOM_LINES,
  filterSets: [
    [],
    [{ field: 'hasError', op: '==' }],
    [{ field: 'manualReplacement', op: '==' }],
    [
      { field: 'hasError', op: '==' },
      { field: 'manualReplacement', op: '==' },
    ],
  ],
  orderFields: Object.values(BOM_LINE_SORT_FIELDS),
};

/** The remembered mappings of a company, newest first (mapping-memory.repository.ts `listForCompany`). */
export const MAPPING_MEMORY_SHAPE: PagedListShape = {
  collectionGroup: 'bomMappingMemory',
  filterSets: [[{ field: 'companyId', op: '==' }]],
  orderFields: ['savedAt'],
};

/** A line's document id: its row number, zero-padded (so the default order is the file's). */
export const lineId = (rowNumber: number) => String(rowNumber).padStart(7, '0');

const WRITE_BATCH = 400;

/** The counters of a line set being built by the background task (`bomJobs/{jobId}/runs/{runId}`). */
export interface RunCounters {
  lineCount?: number;
  errorCount?: number;
  totalCents?: number;
  errorsByType?: Partial<Record<BomErrorType, number>>;
  /** the line set the switch replaced: deleted after the switch */
  previousRunId?: string;
}

/** `bomJobs/{owner}_{ownerId}` and its line sets: the only code touching them. */
export class BomJobsRepository extends EntityCollection<BomJob> {
  constructor(db: Firestore) {
    super(db, BOM_JOBS, jobConverter);
  }

  private run(jobId: string, runId: string) {
    return this.col().doc(jobId).collection('runs').doc(runId);
  }

  private lines(jobId: string, runId: string) {
    return this.run(jobId, runId).collection(BOM_LINES).withConverter(lineConverter);
  }

  newRunId(): string {
    return this.newId();
  }

  /**
   * Writes a new line set (before the job points at it). The bulk writer's default throttle (500 writes/s at the
   * start, the "500/50/5" ramp for new collections) alone would take 10 s for 5 000 lines: a run is written once,
   * at once, so it starts at the ceiling's size per second.
   */
  async writeLines(jobId: string, runId: string, lines: readonly StoredBomLine[]): Promise<void> {
    const col = this.lines(jobId, runId);
    const writer = this.db.bulkWriter({ throttling: { initialOpsPerSecond: 5000, maxOpsPerSecond: 10_000 } });
    for (const l of lines) void writer.set(col.doc(l.id), l);
    await writer.close();
  }

  /** Removes a line set (an old mapping's, a discarded job's, or a new one whose job write failed). */
  async deleteRun(jobId: string, runId: string): Promise<void> {
    const run = this.db.collection(BOM_JOBS).doc(jobId).collection('runs').doc(runId);
    const col = run.collection(BOM_LINES);
    for (;;) {
      const snap = await col.select().limit(WRITE_BATCH).get();
      if (snap.empty) break;
      const batch = this.db.batch();
      for (const d of snap.docs) batch.delete(d.ref);
      await batch.commit();
      if (snap.size < WRITE_BATCH) break;
    }
    // the counters of a set built by a background task (line-set.task.ts)
    await run.delete();
  }

  page(
    jobId: string,
    runId: string,
    q: {
      errorsOnly: boolean;
      replacedOnly: boolean;
      column?: BomLineColumn;
      sortDescending: boolean;
      page: number;
      paginationSize: number;
    },
  ): Promise<Page<StoredBomLine>> {
    const filters: QueryFilter[] = [];
    if (q.errorsOnly) filters.push({ field: 'hasError', op: '==', value: true });
    if (q.replacedOnly) filters.push({ field: 'manualReplacement', op: '==', value: true });
    return readPage(this.lines(jobId, runId), {
      filters,
      orderBy: BOM_LINE_SORT_FIELDS[q.column ?? 'rowNumber'],
      descending: q.sortDescending,
      page: q.page,
      size: q.paginationSize,
    });
  }

  /** Every line in file order (generated files), read in batches. */
  all(jobId: string, runId: string): AsyncGenerator<StoredBomLine> {
    return readAll(this.lines(jobId, runId), { filters: [], orderBy: 'rowNumber', descending: false });
  }

  /**
   * Lines whose field equals a value (the admin import's re-match: the lines with a number as the file writes it, or
   * matched to an article), at most `limit`. Equality only, no order: a single-field index, no composite.
   */
  async linesWhere(
    jobId: string,
    runId: string,
    field: 'orderNumber' | 'manufacturerNumber' | 'matchedArticleId',
    value: string,
    limit: number,
  ): Promise<StoredBomLine[]> {
    const snap = await this.lines(jobId, runId).where(field, '==', value).limit(limit).get();
    return snap.docs.map((d) => d.data());
  }

  async getLine(jobId: string, runId: string, id: string): Promise<StoredBomLine | undefined> {
    return (await this.lines(jobId, runId).doc(id).get()).data();
  }

  async getLineInTx(tx: Transaction, jobId: string, runId: string, id: string): Promise<StoredBomLine | undefined> {
    return (await tx.get(this.lines(jobId, runId).doc(id))).data();
  }

  setLineInTx(tx: Transaction, jobId: string, runId: string, line: StoredBomLine): void {
    tx.set(this.lines(jobId, runId).doc(line.id), line);
  }

  deleteInTx(tx: Transaction, jobId: string): void {
    tx.delete(this.col().doc(jobId));
  }

  /** The counters of a line set the background task builds (empty before its first chunk). */
  async runCounters(jobId: string, runId: string): Promise<RunCounters> {
    return ((await this.run(jobId, runId).get()).data() ?? {}) as RunCounters;
  }

  /** Raises a line set's counters by one chunk's lines, in the transaction that stores them with the cursor. */
  addToRunInTx(
    tx: Transaction,
    jobId: string,
    runId: string,
    lines: readonly StoredBomLine[],
    cents: number,
    at: Date,
  ) {
    const byType = new Map<string, number>();
    for (const l of lines) if (l.bomError) byType.set(l.bomError, (byType.get(l.bomError) ?? 0) + 1);
    tx.set(
      this.run(jobId, runId),
      {
        lineCount: FieldValue.increment(lines.length),
        errorCount: FieldValue.increment(lines.filter((l) => l.bomError).length),
        totalCents: FieldValue.increment(cents),
        errorsByType: Object.fromEntries([...byType].map(([k, v]) => [k, FieldValue.increment(v)])),
        updatedAt: at,
      },
      { merge: true },
    );
  }

  /** Notes the set a switch replaced, with the switch (a retry after a crash still knows which set to delete). */
  notePreviousRunInTx(tx: Transaction, jobId: string, runId: string, previousRunId: string): void {
    tx.set(this.run(jobId, runId), { previousRunId }, { merge: true });
  }
}
