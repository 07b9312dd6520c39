// Starting and stopping the Cloud Tasks emulator: the queues (registry.ts) behind the REST API (rest.ts).
import http from 'node:http';
import path from 'node:path';
import type { Dispatcher, TaskEvent, TaskQueue } from './queue.js';
import { TaskRegistry } from './registry.js';
import { listener } from './rest.js';

export interface TasksEmulatorOptions {
  port: number;
  host?: string;
  /** Folder for pending tasks and used task names, written on stop and read on start; none: in memory. */
  dataDir?: string;
  /**
   * The Functions emulator (`http://127.0.0.1:5001`): a queue not registered yet is looked up among its task
   * queue functions (GET /backends), with their retry config and rate limits, and dispatched to the function.
   */
  functionsUrl?: string;
  /** Replaces the HTTP dispatch (tests). */
  dispatch?: Dispatcher;
  log?: (line: string) => void;
  onEvent?: (e: TaskEvent) => void;
  /** How long a name stays taken after its task ended (ran, gave up, was deleted); default as production, 1 h. */
  nameRetentionMs?: number;
}

/** Cloud Tasks: a name cannot be reused for about an hour after its task was deleted or executed. */
const NAME_RETENTION_MS = 60 * 60 * 1000;

export interface TasksEmulator {
  host: string;
  port: number;
  queues: Map<string, TaskQueue>;
  stop(): Promise<void>;
}

const httpDispatch: Dispatcher = async (task, req) => {
  try {
    const res = await fetch(req.url, {
      method: 'POST',
      headers: req.headers,
      body: new Uint8Array(req.body),
      signal: AbortSignal.timeout(task.dispatchDeadlineMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

/**
 * A Cloud Tasks emulator speaking what firebase-admin's `getFunctions().taskQueue().enqueue()` sends with
 * CLOUD_TASKS_EMULATOR_HOST set (`POST /projects/p/locations/l/queues/q/tasks`, and `DELETE …/tasks/id`), plus
 * firebase-tools' queue registration (`POST /projects/p/locations/l/queues/q` with the function's retry
 * config). Unlike firebase-tools' Tasks emulator it keeps schedule times, retries per the queue's retry config
 * and refuses a task name used before (409 ALREADY_EXISTS).
 */
export async function startTasksEmulator(opts: TasksEmulatorOptions): Promise<TasksEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const registry = new TaskRegistry({
    retentionMs: opts.nameRetentionMs ?? NAME_RETENTION_MS,
    dispatch: opts.dispatch ?? httpDispatch,
    log: opts.log ?? ((line: string) => console.log(`[tasks-emulator] ${line}`)),
    onEvent: (e) => opts.onEvent?.(e),
    functionsUrl: opts.functionsUrl,
  });
  const file = opts.dataDir ? path.join(opts.dataDir, 'tasks.json') : undefined;
  if (file) registry.load(file);

  const server = http.createServer(listener(registry));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;

  return {
    host,
    port,
    queues: registry.queues,
    async stop() {
      for (const q of registry.queues.values()) q.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (file) registry.save(file);
    },
  };
}
