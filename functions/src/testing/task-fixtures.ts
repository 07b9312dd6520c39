import { isFinalTaskState, type BackgroundTask } from '../model/background-task.js';
import { CloudTaskQueue } from '../platform/tasks/task-queue.js';
import { TASKS_COLLECTION } from '../platform/tasks/tasks.repository.js';
import { TASK_FUNCTION_NAME } from '../platform/tasks/queue-settings.js';
import { admin } from './fixtures.js';
import { HOSTS, PROJECT_ID } from './env.js';
import { waitForDocument } from './wait-for-document.js';

/** Background tasks in stack tests: waiting on them and stopping one between chunks, on events, never the clock. */
const taskRef = (taskId: string) => admin().db.collection(TASKS_COLLECTION).doc(taskId);
const isFinal = (t: BackgroundTask | undefined) => !!t && isFinalTaskState(t.state);

/** The task once `until` holds (default: it is final) — a Firestore listener. */
export const waitForTask = (taskId: string, until: (t: BackgroundTask | undefined) => boolean = isFinal) =>
  waitForDocument<BackgroundTask>(taskRef(taskId), until);

/** The task once it is final. */
export const finalTask = (taskId: string) => waitForTask(taskId);

/**
 * Stops a running background task between two chunks, on an event: once its first chunk is committed, the test takes
 * the lease as if another delivery had taken over; the delivery working on it has its next commit refused (lostLease)
 * and ends — a crash before that commit, as the runner sees it. The task stays `running` where it stopped.
 */
export async function holdTaskAfterFirstChunk(taskId: string): Promise<BackgroundTask> {
  await waitForTask(taskId, (t) => (t?.progress.done ?? 0) > 0 || isFinal(t));
  return admin().db.runTransaction(async (tx) => {
    const task = (await tx.get(taskRef(taskId))).data() as BackgroundTask;
    if (task.state !== 'running') throw new Error(`task ${taskId} is ${task.state}, not running`);
    tx.update(taskRef(taskId), {
      lease: { owner: 'test-hold', token: 'test-hold', expiresAt: new Date(Date.now() + 3_600_000) },
    });
    return task;
  });
}

/** Frees a held task and enqueues `names.length` deliveries of it at once (a duplicate delivery with two names). */
export async function resumeTask(taskId: string, names = ['resume']): Promise<void> {
  await taskRef(taskId).update({ lease: null });
  const queue = new CloudTaskQueue(() => admin().auth.app);
  await Promise.all(names.map((n) => queue.enqueue(taskId, `${taskId}-${n}`)));
}

/**
 * Runs a task scheduled for later (days, e.g. an order's lapse) now: Cloud Tasks' `tasks.run` on its first delivery
 * `<taskId>-0` in the stack's emulator, which dispatches it to the function at once. Wait for it with `finalTask`.
 */
export async function runTaskNow(taskId: string): Promise<void> {
  const region = process.env.REGION ?? 'europe-west3';
  const queue = `projects/${PROJECT_ID}/locations/${region}/queues/${TASK_FUNCTION_NAME}`;
  const res = await fetch(`http://${HOSTS.tasks}/${queue}/tasks/${taskId}-0:run`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`tasks.run of ${taskId}: ${res.status} ${await res.text()}`);
}

/** The background tasks of this kind created for a record, found by a parameter (e.g. `offerId`). */
export async function tasksFor(kind: string, param: string, value: string): Promise<BackgroundTask[]> {
  const snap = await admin().db.collection(TASKS_COLLECTION).where(`params.${param}`, '==', value).get();
  return snap.docs.map((d) => ({ ...d.data(), id: d.id }) as BackgroundTask).filter((t) => t.kind === kind);
}
