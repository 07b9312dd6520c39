import type { MappingMemoryStore } from '../../bom/mapping-memory.js';
import type { AdminBomTaskParams } from '../../model/bom-import.js';
import { ApiError } from '../../platform/api-error.js';
import { readObject, type FileStore } from '../../platform/files/file-store.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { RunTransaction } from '../../platform/transaction.js';
import { readBomRows } from '../enquiries/bom-reader.js';
import type { AdminBomJob, AdminBomRepository } from './admin-bom.repository.js';
import { BOM_IMPORT_TASK } from './admin-bom.service.js';
import { lineSetTask, type LineSetDeps, type LineSetOwner } from './line-set.task.js';
import { rememberJobMapping } from './matched-lines.js';

interface ImportTaskDeps {
  jobs: AdminBomRepository;
  files: FileStore;
  memory: MappingMemoryStore;
  transaction: RunTransaction;
  log: { warn(message: string, data?: object): void };
}

/**
 * The admin import as a line set's owner: no record rules to check; the switch creates the result (a retry finds it
 * created); afterwards the company remembers the mapping. The uploaded file sits in the task's folder, which the
 * line set's clean-up removes.
 */
function importTaskOwner(d: ImportTaskDeps): LineSetOwner<AdminBomTaskParams> {
  return {
    kind: BOM_IMPORT_TASK,
    valid: (p) => p.owner === 'adminImport' && typeof p.sourcePath === 'string' && typeof p.fileName === 'string',
    check: async () => undefined,
    read: async (p) => {
      const bytes = await readObject(d.files, p.sourcePath);
      if (!bytes) throw new TaskFailure('importFileMissing');
      try {
        return { rows: await readBomRows(bytes, p.fileName), fileName: p.fileName };
      } catch (error) {
        if (error instanceof ApiError) throw new TaskFailure(error.code, String(error.details));
        throw error;
      }
    },
    switchTo: async (p, base, also) => {
      const job: AdminBomJob = {
        ...base,
        owner: 'adminImport',
        createDate: base.mappedAt,
        lastUpdate: base.mappedAt,
        createdByName: p.createdByName,
      };
      await d.transaction(async (tx) => {
        const existing = await d.jobs.getInTx(tx, job.id);
        // switched by an earlier delivery of this task: nothing more to do
        if (existing?.runId === job.runId) return;
        await also(tx, job);
      });
    },
    after: (p, job) => rememberJobMapping(d, p.companyId, job),
  };
}

/**
 * POST /enquiry/bom/map?admin=true above the synchronous ceiling: the uploaded file's line set built in chunks
 * (line-set.task.ts, kind `bomImport`); the result joins the history when it is switched in.
 */
export function bomImportTask(d: ImportTaskDeps & LineSetDeps): TaskKind<AdminBomTaskParams> {
  return lineSetTask(importTaskOwner(d), d);
}
