import type { Firestore } from 'firebase-admin/firestore';
import { ChangeHistory } from '../../data/change-history.js';
import { entityConverter } from '../../data/converter.js';
import { EntityCollection } from '../../data/entity-collection.js';
import { readPage, type PagedListShape } from '../../data/paged-query.js';
import { estimateFromCents, type BomJob } from '../../model/bom-job.js';
import { ADMIN_BOM_SORT_FIELDS, type AdminBomColumn, type AdminBomResult } from '../../model/bom-import.js';
import type { Page } from '../../model/paging.js';
import { BOM_JOBS } from './bom-jobs.repository.js';

/** A BOM job of the admin import: the job plus the spec's BOM result dates and who ran it. */
export interface AdminBomJob extends BomJob {
  owner: 'adminImport';
  createDate: Date;
  lastUpdate: Date;
  createdByName: string;
}

const converter = entityConverter<AdminBomJob>({
  required: ['owner', 'ownerId', 'runId', 'mappedAt', 'createDate'],
});

/** The history: the admin import's jobs, sorted by date, file name or success rate, both directions. */
export const ADMIN_BOM_HISTORY_SHAPE: PagedListShape = {
  collectionGroup: BOM_JOBS,
  filterSets: [[{ field: 'owner', op: '==' }]],
  orderFields: Object.values(ADMIN_BOM_SORT_FIELDS),
};

/**
 * The admin import's job documents in `bomJobs` (ids `adminImport_{resultId}`); their line sets are the BOM jobs'
 * (BomJobsRepository: writeLines, page, all, deleteRun).
 */
export class AdminBomRepository extends EntityCollection<AdminBomJob> {
  /** each result's rework history (`bomJobs/adminImport_{resultId}/history`) */
  readonly changeHistory: ChangeHistory;

  constructor(db: Firestore) {
    super(db, BOM_JOBS, converter);
    this.changeHistory = new ChangeHistory(db, BOM_JOBS);
  }

  async create(job: AdminBomJob): Promise<void> {
    await this.col().doc(job.id).create(job);
  }

  async delete(id: string): Promise<void> {
    await this.col().doc(id).delete();
  }

  history(q: {
    column?: AdminBomColumn;
    sortDescending: boolean;
    page: number;
    size: number;
  }): Promise<Page<AdminBomJob>> {
    // newest first unless a column is asked for
    const column = q.column ?? 'createDate';
    return readPage(this.col(), {
      filters: [{ field: 'owner', op: '==', value: 'adminImport' }],
      orderBy: ADMIN_BOM_SORT_FIELDS[column],
      descending: q.column ? q.sortDescending : true,
      page: q.page,
      size: q.size,
    });
  }
}

/** A result as the history and the page show it (GET /admin/bom/…). */
export function resultOf(job: AdminBomJob): AdminBomResult {
  return {
    id: job.ownerId,
    bomFileName: job.bomFileName,
    headers: job.headers,
    fieldMapping: job.fieldMapping,
    bomHeaderRowIndex: job.bomHeaderRowIndex,
    ...(job.suppliedPartString ? { suppliedPartString: job.suppliedPartString } : {}),
    lineCount: job.lineCount,
    errorCount: job.errorCount,
    successRate: job.successRate,
    errorsByType: job.errorsByType,
    estimate: estimateFromCents(job.totalCents),
    createdBy: job.mappedBy,
    createdByName: job.createdByName,
    createDate: job.createDate,
    lastUpdate: job.lastUpdate,
  };
}
