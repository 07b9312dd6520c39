import { FieldValue } from 'firebase-admin/firestore';
import type { TaskCursor, TaskError } from '../../model/background-task.js';
import { TaskFailure } from './task-kind.js';

/** What a delivery is and what it leaves behind (task-runner.ts runs them). */

/** One attempt at working on a task: a Cloud Tasks dispatch, or the inline start of `start()`. */
export interface Delivery {
  /** Stable across retries of one Cloud Task (its task name): a retry may take its own lease back. */
  id: string;
  /** No further retry will come: a transient error ends the task `failed`. */
  lastAttempt: boolean;
}

/**
 * What a delivery did. `busy`: another delivery holds a live lease, nothing done (the function asks
 * Cloud Tasks to retry later). `handedOn`: the budget is used up and a continuation is enqueued.
 * `final`/`missing`: nothing to do. `lostLease`: another delivery took over; this one wrote nothing.
 */
export type DeliveryOutcome = 'done' | 'failed' | 'aborted' | 'handedOn' | 'busy' | 'final' | 'missing' | 'lostLease';

export const sameCursor = (a: TaskCursor | undefined, b: TaskCursor | undefined) => (a ?? null) === (b ?? null);

export function errorOf(error: unknown): TaskError {
  if (error instanceof TaskFailure) return { code: error.code, message: error.message.slice(0, 500) };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: message.slice(0, 500) };
}

export type FinalState = 'done' | 'failed' | 'aborted';

/** The fields that end a task: no lease, nothing to resume, finishedAt. */
export function finalFields(state: FinalState, now: Date, error?: TaskError) {
  return {
    state,
    lease: null,
    resumeAt: FieldValue.delete(),
    finishedAt: now,
    lastUpdate: now,
    ...(error ? { error } : {}),
  };
}
