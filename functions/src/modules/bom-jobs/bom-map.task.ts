import { isValidId } from '../../model/id.js';
import type { BomMapTaskParams } from '../../model/bom-job.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import { BOM_MAP_TASK, type BomJobsService } from './bom-jobs.service.js';

/**
 * POST /enquiry/bom/map above the synchronous ceiling (BOM_SYNC_MAX_LINES, up to BOM_TASK_MAX_LINES): the same
 * read → map → match → store → save steps in one chunk (50 000 lines take seconds, well within the lease). A repeated
 * delivery maps again into a new line set and switches to it; the previous set is deleted, so the result is the
 * same. A locked, hidden or replaced BOM ends the task `failed` with the enquiry's code and nothing saved.
 */
export function bomMapTask(service: Pick<BomJobsService, 'runMapTask'>): TaskKind<BomMapTaskParams> {
  return {
    kind: BOM_MAP_TASK,
    chunkSize: 1,
    parse(params) {
      const p = params as Partial<BomMapTaskParams> | undefined;
      if (
        !p ||
        !isValidId(p.enquiryId) ||
        (p.offerId !== undefined && !isValidId(p.offerId)) ||
        !isValidId(p.uid) ||
        !isValidId(p.companyId) ||
        typeof p.revision !== 'number' ||
        typeof p.headerRowIndex !== 'number' ||
        !Array.isArray(p.mapping)
      )
        throw new TaskFailure('invalidParams');
      return p as BomMapTaskParams;
    },
    async count() {
      return 1;
    },
    async runChunk({ params }) {
      await service.runMapTask(params);
      return { cursor: 1, processed: 1, finished: true };
    },
  };
}
