import type { Logger } from '../logger.js';
import type { TaskRunner } from '../tasks/task-runner.js';
import { TaskFailure, type TaskKind } from '../tasks/task-kind.js';
import type { FileStore } from './file-store.js';

const DISCARD_FILES = 'discardFiles';
/** Paths per repair task (one chunk): a document stays far below Firestore's limit. */
const MAX_PATHS = 100;

interface DiscardParams {
  paths: string[];
}

/** The repair kind: deletes stored objects whose removal was already decided (idempotent: gone is done). */
export function discardFilesTask(store: FileStore): TaskKind<DiscardParams> {
  return {
    kind: DISCARD_FILES,
    chunkSize: MAX_PATHS,
    parse(params) {
      const paths = (params as Partial<DiscardParams> | undefined)?.paths;
      if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) throw new TaskFailure('invalidParams');
      return { paths };
    },
    async runChunk({ params }) {
      // a failure throws: Cloud Tasks retries the delivery with backoff
      await Promise.all(params.paths.map((p) => store.delete(p)));
      return { cursor: null, processed: params.paths.length, finished: true };
    },
  };
}

/**
 * Storage follows a committed decision: `discard` deletes objects the records no longer list (a refused upload,
 * a replaced BOM, a deleted document, an undone copy). A delete that fails is not ignored: a `discardFiles`
 * background task retries it until it succeeds.
 */
export class FileDiscard {
  constructor(
    private readonly store: FileStore,
    private readonly tasks: TaskRunner,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async discard(paths: readonly string[]): Promise<void> {
    const failed: string[] = [];
    await Promise.all(
      paths.map((p) =>
        this.store.delete(p).catch(() => {
          failed.push(p);
        }),
      ),
    );
    for (let i = 0; i < failed.length; i += MAX_PATHS) {
      const batch = failed.slice(i, i + MAX_PATHS);
      this.log.warn('files: delete failed, repair task started', { paths: batch });
      const id = await this.tasks.create({ kind: DISCARD_FILES, params: { paths: batch }, createdBy: 'system' });
      await this.tasks.start(id);
    }
  }
}
