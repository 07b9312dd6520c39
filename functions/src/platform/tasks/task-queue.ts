import type { App } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import { params } from '../../config.js';
import { TASK_FUNCTION_NAME } from './queue-settings.js';

/** The payload of every Cloud Task of the queue: which task document to work on. */
export interface TaskMessage {
  taskId: string;
}

/** Hands a delivery of a task to the queue. `name` makes the enqueue idempotent (a second one is a no-op). */
export interface TaskQueuePort {
  enqueue(taskId: string, name: string, opts?: EnqueueOptions): Promise<void>;
}

export interface EnqueueOptions {
  /** Dispatch not before this moment (Cloud Tasks' scheduleTime; the emulator dispatches at once). */
  notBefore?: Date;
}

/**
 * Cloud Tasks through firebase-admin's TaskQueue. The function is addressed as
 * `locations/<region>/functions/backgroundTasks` with the region of the Functions parameter REGION,
 * the same value setGlobalOptions gives the function (index.ts), read when enqueueing (never at load).
 * With CLOUD_TASKS_EMULATOR_HOST set, firebase-admin talks to the emulator instead.
 */
export class CloudTaskQueue implements TaskQueuePort {
  constructor(private readonly app: () => App) {}

  async enqueue(taskId: string, name: string, opts: EnqueueOptions = {}): Promise<void> {
    const region = params.region.value();
    if (!region) throw new Error('REGION is not set: add it to functions/.env.<projectId>.');
    const queue = getFunctions(this.app()).taskQueue<TaskMessage>(
      `locations/${region}/functions/${TASK_FUNCTION_NAME}`,
    );
    try {
      await queue.enqueue({ taskId }, { id: name, ...(opts.notBefore ? { scheduleTime: opts.notBefore } : {}) });
    } catch (error) {
      // The name was used before: this delivery is (or was) queued already.
      if ((error as { code?: string }).code === 'functions/task-already-exists') return;
      throw error;
    }
  }
}
