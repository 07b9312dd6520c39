/**
 * Background tasks (`backgroundTasks/{id}`): heavy work run in chunks by the Cloud Tasks function
 * (functions/src/platform/tasks/README.md). Shared with the web so a progress view can read them.
 * Not "job": a job is a product entity of the spec.
 */
export type TaskState = 'queued' | 'running' | 'done' | 'failed' | 'aborted';

/** States a task never leaves. */
const FINAL_TASK_STATES: readonly TaskState[] = ['done', 'failed', 'aborted'];
export const isFinalTaskState = (state: TaskState): boolean => FINAL_TASK_STATES.includes(state);

/** Where a kind continues: the last id it handled, a row number, or null before the first chunk. */
export type TaskCursor = string | number | null;

export interface TaskProgress {
  /** Items committed so far. */
  done: number;
  /** Items to do, counted when the task starts; null when the kind cannot count ahead. */
  total: number | null;
  /** 0–100 (floor); null while the total is unknown; 100 once done. */
  percent: number | null;
}

/** Who may work on the task right now: one delivery until `expiresAt`, renewed with each chunk. */
interface TaskLease {
  /** The delivery's id (Cloud Tasks task name; the same for retries of one task). */
  owner: string;
  /** Fresh per claim: a commit whose token no longer matches lost the lease and writes nothing. */
  token: string;
  expiresAt: Date;
}

export interface TaskError {
  code: string;
  message?: string;
}

export interface BackgroundTask<P = Record<string, unknown>> {
  id: string;
  kind: string;
  params: P;
  state: TaskState;
  progress: TaskProgress;
  cursor: TaskCursor;
  lease: TaskLease | null;
  abortRequested: boolean;
  /** Items per chunk and chunks per delivery (the kind's defaults unless the creator chose less). */
  chunkSize: number;
  chunksPerDelivery: number;
  /** Deliveries handed on so far; names the next continuation (`<id>-<segment>`). */
  segment: number;
  /** Successful lease claims (first delivery, continuations, retries, take-overs). */
  claims: number;
  /** A task not final by then has lost its delivery and is re-enqueued by `recoverStalled`. */
  resumeAt?: Date;
  /** Set when the task ends `failed`. */
  error?: TaskError;
  /** The last error a delivery met before it was retried (diagnostics only). */
  lastError?: TaskError;
  createdBy: string;
  createDate: Date;
  lastUpdate: Date;
  startedAt?: Date;
  finishedAt?: Date;
}

export function taskPercent(done: number, total: number | null): number | null {
  if (total === null) return null;
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done * 100) / total));
}
