import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_DEADLINE_MS,
  TaskQueue,
  durationMs,
  queueConfig,
  type Dispatcher,
  type QueueConfig,
  type StoredTask,
  type TaskEvent,
} from './queue.js';

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
export const NAME_RETENTION_MS = 60 * 60 * 1000;

export interface TasksEmulator {
  host: string;
  port: number;
  queues: Map<string, TaskQueue>;
  stop(): Promise<void>;
}

const ID = /^[A-Za-z0-9_-]{1,500}$/;
const ROUTE = /^\/(?:v2\/)?projects\/([^/]+)\/locations\/([^/]+)\/queues\/([^/:]+)(?:\/tasks(?:\/([^/:]+))?)?$/;

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/** One pending task in the REST form of Cloud Tasks v2 (`Task`). */
function taskJson(t: StoredTask) {
  return {
    name: t.name,
    scheduleTime: new Date(t.scheduleTime).toISOString(),
    createTime: new Date(t.createTime).toISOString(),
    dispatchDeadline: `${t.dispatchDeadlineMs / 1000}s`,
    dispatchCount: t.dispatchCount,
    responseCount: t.responseCount,
    httpRequest: {
      url: t.httpRequest.url,
      httpMethod: 'POST',
      headers: t.httpRequest.headers,
      body: t.httpRequest.body,
    },
    ...(t.firstAttemptTime ? { firstAttempt: { dispatchTime: new Date(t.firstAttemptTime).toISOString() } } : {}),
    view: 'BASIC',
  };
}

/** `2026-11-26T12:00:00Z` or `{seconds, nanos}` → ms. */
function timeMs(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') {
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) throw new ApiError(400, 'INVALID_ARGUMENT', `Invalid scheduleTime ${v}`);
    return ms;
  }
  const o = v as { seconds?: string | number; nanos?: number };
  return Number(o.seconds ?? 0) * 1000 + Math.floor((o.nanos ?? 0) / 1e6);
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

interface Persisted {
  queues: Record<string, QueueConfig>;
  tasks: StoredTask[];
  /** names of ended tasks with the time they ended (ms); older files hold names only (kept as just ended) */
  usedNames: Array<string | [string, number]>;
}

/**
 * A Cloud Tasks emulator speaking what firebase-admin's `getFunctions().taskQueue().enqueue()` sends with
 * CLOUD_TASKS_EMULATOR_HOST set (`POST /projects/p/locations/l/queues/q/tasks`, and `DELETE …/tasks/id`), plus
 * firebase-tools' queue registration (`POST /projects/p/locations/l/queues/q` with the function's retry
 * config). Unlike firebase-tools' Tasks emulator it keeps schedule times, retries per the queue's retry config
 * and refuses a task name used before (409 ALREADY_EXISTS).
 */
export async function startTasksEmulator(opts: TasksEmulatorOptions): Promise<TasksEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? ((line: string) => console.log(`[tasks-emulator] ${line}`));
  const queues = new Map<string, TaskQueue>();
  // names of tasks that ended, with the time they did; a pending task's name is taken through its queue
  const endedNames = new Map<string, number>();
  const retention = opts.nameRetentionMs ?? NAME_RETENTION_MS;
  const nameTaken = (name: string, queue: TaskQueue) => {
    if (queue.get(name)) return true;
    const ended = endedNames.get(name);
    if (ended === undefined) return false;
    if (Date.now() - ended < retention) return true;
    endedNames.delete(name);
    return false;
  };
  const forgetOldNames = () => {
    const limit = Date.now() - retention;
    for (const [name, ended] of endedNames) if (ended <= limit) endedNames.delete(name);
  };
  const dispatch = opts.dispatch ?? httpDispatch;
  const file = opts.dataDir ? path.join(opts.dataDir, 'tasks.json') : undefined;

  const onEvent = (e: TaskEvent) => {
    const id = e.task.name.split('/').pop();
    if (e.type === 'done' || e.type === 'gaveUp') endedNames.set(e.task.name, Date.now());
    if (e.type === 'retry')
      log(
        `task ${id}: attempt ${e.task.dispatchCount} failed (${e.status ?? 'no response'}), next at ${new Date(e.next!).toISOString()}`,
      );
    else if (e.type === 'gaveUp')
      log(`task ${id}: attempt ${e.task.dispatchCount} failed (${e.status ?? 'no response'}), no retries left`);
    opts.onEvent?.(e);
  };
  const createQueue = (name: string, config: QueueConfig) => {
    const existing = queues.get(name);
    if (existing) {
      existing.config = config;
      return existing;
    }
    const q = new TaskQueue(name, config, dispatch, onEvent);
    queues.set(name, q);
    return q;
  };

  /** A queue named after a task queue function of the Functions emulator, registered on first use. */
  const discover = async (project: string, location: string, queueId: string): Promise<TaskQueue | undefined> => {
    if (!opts.functionsUrl) return undefined;
    const res = await fetch(`${opts.functionsUrl}/backends`).catch(() => undefined);
    if (!res?.ok) return undefined;
    const { backends = [] } = (await res.json()) as {
      backends?: {
        functionTriggers?: Array<{ name?: string; id?: string; region?: string; taskQueueTrigger?: object }>;
      }[];
    };
    for (const b of backends)
      for (const t of b.functionTriggers ?? []) {
        if (!t.taskQueueTrigger || (t.name ?? t.id) !== queueId || (t.region ?? 'us-central1') !== location) continue;
        const trigger = t.taskQueueTrigger as Parameters<typeof queueConfig>[0];
        const name = `projects/${project}/locations/${location}/queues/${queueId}`;
        log(`queue ${name} registered from the Functions emulator`);
        return createQueue(
          name,
          queueConfig({ ...trigger, defaultUri: `${opts.functionsUrl}/${project}/${location}/${queueId}` }),
        );
      }
    return undefined;
  };

  if (file && fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Persisted;
    for (const [name, config] of Object.entries(saved.queues)) createQueue(name, config);
    for (const n of saved.usedNames)
      if (typeof n === 'string') endedNames.set(n, Date.now());
      else endedNames.set(n[0], n[1]);
    forgetOldNames();
    for (const t of saved.tasks) {
      const queueName = t.name.replace(/\/tasks\/[^/]+$/, '');
      (queues.get(queueName) ?? createQueue(queueName, queueConfig({}))).add(t);
    }
  }

  const createTask = async (
    project: string,
    location: string,
    queueId: string,
    body: { task?: Record<string, any> },
  ) => {
    const queueName = `projects/${project}/locations/${location}/queues/${queueId}`;
    const queue = queues.get(queueName) ?? (await discover(project, location, queueId));
    if (!queue) throw new ApiError(404, 'NOT_FOUND', `Queue does not exist: ${queueName}`);
    const t = body.task;
    if (!t || typeof t !== 'object') throw new ApiError(400, 'INVALID_ARGUMENT', 'task is required.');
    let name: string;
    if (t.name) {
      const id = String(t.name).split('/').pop()!;
      if (String(t.name).replace(/^\//, '') !== `${queueName}/tasks/${id}` || !ID.test(id))
        throw new ApiError(400, 'INVALID_ARGUMENT', `Invalid task name ${t.name} for queue ${queueName}.`);
      name = `${queueName}/tasks/${id}`;
      if (nameTaken(name, queue)) throw new ApiError(409, 'ALREADY_EXISTS', 'Requested entity already exists');
    } else {
      name = `${queueName}/tasks/${BigInt('0x' + randomBytes(8).toString('hex')).toString()}`;
    }
    const req = t.httpRequest ?? {};
    const url = req.url || queue.config.defaultUri;
    if (!url) throw new ApiError(400, 'INVALID_ARGUMENT', 'httpRequest.url is required (the queue has no default).');
    const now = Date.now();
    const stored: StoredTask = {
      name,
      scheduleTime: timeMs(t.scheduleTime) ?? now,
      createTime: now,
      httpRequest: { url, headers: req.headers ?? {}, body: req.body ?? '' },
      dispatchDeadlineMs: durationMs(t.dispatchDeadline) ?? DEFAULT_DEADLINE_MS,
      dispatchCount: 0,
      responseCount: 0,
    };
    forgetOldNames();
    queue.add(stored);
    return taskJson(stored);
  };

  const handle = async (req: http.IncomingMessage, body: string) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/' && req.method === 'GET')
      return {
        status: 'ok',
        queues: [...queues.keys()].map((q) => ({ name: q, tasks: queues.get(q)!.list().length })),
      };
    const m = ROUTE.exec(url.pathname);
    if (!m) throw new ApiError(404, 'NOT_FOUND', `Unknown path ${url.pathname}`);
    const [, project, location, queueId, taskId] = m as unknown as [string, string, string, string, string?];
    const queueName = `projects/${project}/locations/${location}/queues/${queueId}`;
    const json = body ? (JSON.parse(body) as Record<string, any>) : {};
    const isTasks = url.pathname.endsWith('/tasks') || taskId !== undefined;
    if (!isTasks && req.method === 'POST') {
      // firebase-tools' queue registration (what its Functions emulator sends for a task queue function)
      if (!/^[A-Za-z0-9-]{1,100}$/.test(queueId)) throw new ApiError(400, 'INVALID_ARGUMENT', 'Invalid queue id.');
      const config = queueConfig(json);
      createQueue(queueName, config);
      return { taskQueueConfig: config };
    }
    if (!isTasks && req.method === 'GET') {
      const q = queues.get(queueName);
      if (!q) throw new ApiError(404, 'NOT_FOUND', `Queue does not exist: ${queueName}`);
      return { name: queueName, ...q.config };
    }
    if (taskId === undefined && req.method === 'POST') return createTask(project, location, queueId, json);
    if (taskId === undefined && req.method === 'GET')
      return { tasks: (queues.get(queueName)?.list() ?? []).map(taskJson) };
    const q = queues.get(queueName);
    const name = `${queueName}/tasks/${taskId}`;
    if (taskId !== undefined && req.method === 'GET') {
      const t = q?.get(name);
      if (!t) throw new ApiError(404, 'NOT_FOUND', `Task does not exist: ${name}`);
      return taskJson(t);
    }
    if (taskId !== undefined && req.method === 'DELETE') {
      if (!q?.delete(name)) throw new ApiError(404, 'NOT_FOUND', `Task does not exist: ${name}`);
      endedNames.set(name, Date.now());
      return {};
    }
    throw new ApiError(405, 'UNIMPLEMENTED', `${req.method} ${url.pathname} is not supported.`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks).toString('utf8')).then(
        (out) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(out));
        },
        (error: unknown) => {
          const e =
            error instanceof ApiError
              ? error
              : error instanceof SyntaxError
                ? new ApiError(400, 'INVALID_ARGUMENT', `Invalid JSON: ${error.message}`)
                : new ApiError(500, 'INTERNAL', (error as Error).message);
          res.writeHead(e.code, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: e.code, message: e.message, status: e.status } }));
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;

  return {
    host,
    port,
    queues,
    async stop() {
      for (const q of queues.values()) q.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (file) {
        const saved: Persisted = {
          queues: Object.fromEntries([...queues].map(([n, q]) => [n, q.config])),
          tasks: [...queues.values()].flatMap((q) => q.list()),
          usedNames: [...endedNames],
        };
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file + '.tmp', JSON.stringify(saved));
        fs.renameSync(file + '.tmp', file);
      }
    },
  };
}
