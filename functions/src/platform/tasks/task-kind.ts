import type { Transaction } from 'firebase-admin/firestore';
import type { TaskCursor } from '../../model/background-task.js';

/** What a chunk handler gets: the task's parameters, where to continue and how much to do. */
interface ChunkContext<P> {
  taskId: string;
  params: P;
  /** null before the first chunk. */
  cursor: TaskCursor;
  /** At most this many items. */
  size: number;
}

export interface ChunkResult {
  /** Where the next chunk continues (e.g. the last id handled). */
  cursor: TaskCursor;
  /** Items handled in this chunk (progress.done grows by this). */
  processed: number;
  /** No items left: the task ends `done` with this chunk. */
  finished: boolean;
  /**
   * Firestore effects of the chunk, written in the same transaction as the cursor and progress, so
   * they happen exactly once however often the chunk is redelivered. It may read, then write; the
   * runner writes the task document after it. Effects outside Firestore (Auth, mail, HTTP) cannot be
   * atomic with the cursor: make them idempotent, they may repeat for the chunk that was cut off.
   */
  commit?(tx: Transaction): Promise<void | ChunkShortened> | void | ChunkShortened;
}

/**
 * What a commit answers when it did less than its chunk announced (e.g. its writes reached Firestore's per-commit
 * limit): the cursor, the items handled and whether that was the last; the rest is the next chunk's.
 */
type ChunkShortened = Pick<ChunkResult, 'cursor' | 'processed' | 'finished'>;

/**
 * One kind of background work, registered by its area (`taskKinds.register(...)` in its create<Area>Module):
 * parse the stored parameters, optionally count the items, and do one chunk after a cursor.
 */
export interface TaskKind<P = unknown> {
  kind: string;
  /** Items per chunk: small enough that one chunk ends well within the lease (TASK_LEASE_MS). */
  chunkSize: number;
  /** Chunks per delivery before it hands on to a fresh one (default DEFAULT_CHUNKS_PER_DELIVERY). */
  chunksPerDelivery?: number;
  /** Checks the stored parameters; throw TaskFailure('invalidParams') when they are unusable. */
  parse(params: unknown): P;
  /** How many items the task will handle (read once, at the first chunk); omit when unknown. */
  count?(params: P): Promise<number>;
  runChunk(ctx: ChunkContext<P>): Promise<ChunkResult>;
}

/** A permanent error: the task ends `failed` with this code, without retries. */
export class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'TaskFailure';
  }
}

/** kind → definition; each area contributes its kinds when the modules are built. */
export class TaskKindRegistry {
  private readonly kinds = new Map<string, TaskKind<unknown>>();

  /** Each kind parses its own stored params (`parse`), so the registry keeps them as unknown. */
  register<P>(kind: TaskKind<P>): this {
    if (this.kinds.has(kind.kind)) throw new Error(`task kind ${kind.kind} registered twice`);
    if (!(kind.chunkSize >= 1)) throw new Error(`task kind ${kind.kind}: chunkSize must be at least 1`);
    this.kinds.set(kind.kind, kind as unknown as TaskKind<unknown>);
    return this;
  }

  get(kind: string): TaskKind<unknown> | undefined {
    return this.kinds.get(kind);
  }
}
