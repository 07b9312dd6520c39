// The REST API of Cloud Tasks v2 as firebase-admin and firebase-tools use it: create, list, get and delete tasks,
// run one now (`tasks.run`, for tests), register and read queues; errors in Google's JSON error form.
import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { DEFAULT_DEADLINE_MS, durationMs, queueConfig, type StoredTask } from './queue.js';
import type { TaskRegistry } from './registry.js';

const ID = /^[A-Za-z0-9_-]{1,500}$/;
const ROUTE = /^\/(?:v2\/)?projects\/([^/]+)\/locations\/([^/]+)\/queues\/([^/:]+)(?:\/tasks(?:\/([^/:]+)(:run)?)?)?$/;

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

async function createTask(
  registry: TaskRegistry,
  project: string,
  location: string,
  queueId: string,
  body: { task?: Record<string, any> },
) {
  const queueName = `projects/${project}/locations/${location}/queues/${queueId}`;
  const queue = await registry.find(project, location, queueId);
  if (!queue) throw new ApiError(404, 'NOT_FOUND', `Queue does not exist: ${queueName}`);
  const t = body.task;
  if (!t || typeof t !== 'object') throw new ApiError(400, 'INVALID_ARGUMENT', 'task is required.');
  let name: string;
  if (t.name) {
    const id = String(t.name).split('/').pop()!;
    if (String(t.name).replace(/^\//, '') !== `${queueName}/tasks/${id}` || !ID.test(id))
      throw new ApiError(400, 'INVALID_ARGUMENT', `Invalid task name ${t.name} for queue ${queueName}.`);
    name = `${queueName}/tasks/${id}`;
    if (registry.nameTaken(name, queue)) throw new ApiError(409, 'ALREADY_EXISTS', 'Requested entity already exists');
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
  registry.forgetOldNames();
  queue.add(stored);
  return taskJson(stored);
}

/** The answer to one request, by route and method. */
async function handle(registry: TaskRegistry, req: http.IncomingMessage, body: string): Promise<object> {
  const queues = registry.queues;
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/' && req.method === 'GET')
    return {
      status: 'ok',
      queues: [...queues.keys()].map((q) => ({ name: q, tasks: queues.get(q)!.list().length })),
    };
  const m = ROUTE.exec(url.pathname);
  if (!m) throw new ApiError(404, 'NOT_FOUND', `Unknown path ${url.pathname}`);
  const [, project, location, queueId, taskId, run] = m as unknown as [
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  const queueName = `projects/${project}/locations/${location}/queues/${queueId}`;
  const json = body ? (JSON.parse(body) as Record<string, any>) : {};
  const isTasks = url.pathname.endsWith('/tasks') || taskId !== undefined;
  if (!isTasks && req.method === 'POST') {
    // firebase-tools' queue registration (what its Functions emulator sends for a task queue function)
    if (!/^[A-Za-z0-9-]{1,100}$/.test(queueId)) throw new ApiError(400, 'INVALID_ARGUMENT', 'Invalid queue id.');
    const config = queueConfig(json);
    registry.createQueue(queueName, config);
    return { taskQueueConfig: config };
  }
  if (!isTasks && req.method === 'GET') {
    const q = queues.get(queueName);
    if (!q) throw new ApiError(404, 'NOT_FOUND', `Queue does not exist: ${queueName}`);
    return { name: queueName, ...q.config };
  }
  if (taskId === undefined && req.method === 'POST') return createTask(registry, project, location, queueId, json);
  if (taskId === undefined && req.method === 'GET')
    return { tasks: (queues.get(queueName)?.list() ?? []).map(taskJson) };
  const q = queues.get(queueName);
  const name = `${queueName}/tasks/${taskId}`;
  if (taskId !== undefined && req.method === 'GET') {
    const t = q?.get(name);
    if (!t) throw new ApiError(404, 'NOT_FOUND', `Task does not exist: ${name}`);
    return taskJson(t);
  }
  if (run && req.method === 'POST') {
    // tasks.run: dispatch now (tests run a task scheduled for days later without waiting for it)
    const t = q?.runNow(name);
    if (!t) throw new ApiError(404, 'NOT_FOUND', `Task does not exist: ${name}`);
    return taskJson(t);
  }
  if (run) throw new ApiError(405, 'UNIMPLEMENTED', `${req.method} ${url.pathname} is not supported.`);
  if (taskId !== undefined && req.method === 'DELETE') {
    if (!q?.delete(name)) throw new ApiError(404, 'NOT_FOUND', `Task does not exist: ${name}`);
    registry.ended(name);
    return {};
  }
  throw new ApiError(405, 'UNIMPLEMENTED', `${req.method} ${url.pathname} is not supported.`);
}

/** The request listener: the body read whole, the answer or the error as JSON. */
export function listener(registry: TaskRegistry): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(registry, req, Buffer.concat(chunks).toString('utf8')).then(
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
  };
}
