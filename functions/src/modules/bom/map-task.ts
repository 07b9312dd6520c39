import type { BomMapTaskParams } from '../../model/bom-job.js';
import { isValidId } from '../../model/id.js';
import type { Principal } from '../../model/user.js';
import { ApiError } from '../../platform/api-error.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import { BOM_MAP_TASK, filePathOf, mappingFieldsOf, type BomJobsService } from './bom-jobs.service.js';
import { lineSetTask, type LineSetDeps, type LineSetOwner } from './line-set.task.js';

/** An ApiError of the owner's rules ends the task `failed` with its code. */
async function asFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new TaskFailure(error.code);
    throw error;
  }
}

/** The caller who saved the mapping: the enquiry's customer maps his enquiry, the offer's supplier his offer. */
const principalOf = (p: BomMapTaskParams) =>
  ({
    uid: p.uid,
    user: { id: p.uid, name: p.name, lastname: p.lastname },
    company: { id: p.companyId },
    companyType: p.offerId ? 'SUPPLIER' : 'CUSTOMER',
    admin: false,
    platformAdmin: false,
  }) as unknown as Principal;

/**
 * The enquiry's and the offer's map above the synchronous ceiling as a line set's owner: the stored request, run as
 * the user who saved it; the owner's rules are checked before every chunk and again in the switch's transaction (a
 * locked or replaced BOM ends the task `failed` with nothing switched).
 */
function mapTaskOwner(service: Pick<BomJobsService, 'owner' | 'rows' | 'remember'>): LineSetOwner<BomMapTaskParams> {
  const target = (p: BomMapTaskParams) =>
    asFailure(async () => {
      const t = await service.owner(p).editable(principalOf(p), p);
      if (t.revision !== p.revision || (p.filePath !== undefined && filePathOf(t) !== p.filePath))
        throw new TaskFailure('bomChanged');
      return t;
    });
  return {
    kind: BOM_MAP_TASK,
    valid: (p) =>
      (p.owner === 'enquiry' || p.owner === 'offer') &&
      isValidId(p.enquiryId) &&
      (p.offerId === undefined || isValidId(p.offerId)) &&
      p.ownerId === (p.offerId ?? p.enquiryId) &&
      isValidId(p.companyId),
    check: async (p) => void (await target(p)),
    read: async (p) => {
      const t = await target(p);
      const { rows, revision, fileName } = await asFailure(() => service.rows(t));
      if (revision !== p.revision) throw new TaskFailure('bomChanged');
      return { rows, fileName };
    },
    switchTo: async (p, job, also) => {
      const t = await target(p);
      await asFailure(() =>
        service.owner(p).saveMapping(principalOf(p), t, p.revision, mappingFieldsOf(job), (tx) => also(tx, job)),
      );
    },
    after: (p, job) => service.remember(p.companyId, job),
  };
}

/**
 * POST /enquiry/bom/map above the synchronous ceiling (BOM_SYNC_MAX_LINES, up to BOM_TASK_MAX_LINES): the line set
 * built in chunks with real progress (line-set.task.ts), switched to under the enquiry's or the offer's rules. A
 * locked, hidden or replaced BOM ends the task `failed` with the owner's code, the new set removed, nothing switched.
 */
export function bomMapTask(
  service: Pick<BomJobsService, 'owner' | 'rows' | 'remember'>,
  d: LineSetDeps,
): TaskKind<BomMapTaskParams> {
  return lineSetTask(mapTaskOwner(service), d);
}
