import type { BomMapTaskParams } from '../../model/bom-job.js';
import type { TaskKind } from '../../platform/tasks/task-kind.js';
import type { BomJobsService } from './bom-jobs.service.js';
import { lineSetTask, type LineSetDeps } from './line-set.task.js';

/**
 * POST /enquiry/bom/map above the synchronous ceiling (BOM_SYNC_MAX_LINES, up to BOM_TASK_MAX_LINES): the line set
 * built in chunks with real progress (line-set.task.ts), switched to under the enquiry's or the offer's rules. A
 * locked, hidden or replaced BOM ends the task `failed` with the owner's code, the new set removed, nothing switched.
 */
export function bomMapTask(service: Pick<BomJobsService, 'mapTaskOwner'>, d: LineSetDeps): TaskKind<BomMapTaskParams> {
  return lineSetTask(service.mapTaskOwner(), d);
}
