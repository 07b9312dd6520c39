import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffSeconds, retriesExhausted, RETRY_DEFAULTS, type TaskEvent } from './queue.js';
import { startTasksEmulator, type TasksEmulator } from './server.js';

// The Cloud Tasks emulator through firebase-admin's TaskQueue (what the functions use), dispatching to a
// small HTTP target standing in for the task function. Every wait is on an event (a dispatch arriving, the
// emulator reporting a task done or given up), never on a clock.

const PROJECT = 'demo-tasks';
const LOCATION = 'europe-west3';

interface Hit {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** The dispatch target: records every request; `answer` decides the status per queue function. */
class Target {
  readonly hits = new Map<string, Hit[]>();
  private waiters: Array<() => void> = [];
  answer: (fn: string, hits: Hit[]) => number = () => 204;
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fn = req.url!.split('/').pop()!;
      const list = this.hits.get(fn) ?? [];
      list.push({ at: Date.now(), headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') });
      this.hits.set(fn, list);
      res.writeHead(this.answer(fn, list)).end();
      this.waiters.forEach((w) => w());
    });
  });
  url = '';
  /** Resolves once `fn` has received `n` requests. */
  waitFor(fn: string, n: number): Promise<Hit[]> {
    return new Promise((resolve) => {
      const check = () => {
        const list = this.hits.get(fn) ?? [];
        if (list.length < n) return;
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(list);
      };
      this.waiters.push(check);
      check();
    });
  }
}

const target = new Target();
let emu: TasksEmulator;
let app: App;
const events: TaskEvent[] = [];
const eventWaiters: Array<() => void> = [];
/** Resolves with the event once the emulator reports one matching. */
function waitForEvent(match: (e: TaskEvent) => boolean): Promise<TaskEvent> {
  return new Promise((resolve) => {
    const check = () => {
      const e = events.find(match);
      if (!e) return;
      eventWaiters.splice(eventWaiters.indexOf(check), 1);
      resolve(e);
    };
    eventWaiters.push(check);
    check();
  });
}

const savedHost = process.env.CLOUD_TASKS_EMULATOR_HOST;
beforeAll(async () => {
  await new Promise<void>((r) => target.server.listen(0, '127.0.0.1', r));
  target.url = `http://127.0.0.1:${(target.server.address() as { port: number }).port}`;
  emu = await startTasksEmulator({
    port: 0,
    log: () => {},
    onEvent: (e) => {
      events.push(e);
      [...eventWaiters].forEach((w) => w());
    },
  });
  process.env.CLOUD_TASKS_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  app = initializeApp({ projectId: PROJECT }, `tasks-test-${Date.now()}`);
});
afterAll(async () => {
  await deleteApp(app);
  await emu.stop();
  target.server.close();
  if (savedHost === undefined) delete process.env.CLOUD_TASKS_EMULATOR_HOST;
  else process.env.CLOUD_TASKS_EMULATOR_HOST = savedHost;
});

/** Registers a queue the way firebase-tools' Functions emulator does for an onTaskDispatched function. */
async function registerQueue(fn: string, retryConfig: object = {}, rateLimits: object = {}) {
  const res = await fetch(`http://127.0.0.1:${emu.port}/projects/${PROJECT}/locations/${LOCATION}/queues/${fn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retryConfig, rateLimits, defaultUri: `${target.url}/${fn}` }),
  });
  expect(res.status).toBe(200);
  return getFunctions(app).taskQueue<{ n: number }>(`locations/${LOCATION}/functions/${fn}`);
}

describe('schedule times', () => {
  it('a task with a schedule time is dispatched at that time, not before; one without at once', async () => {
    const queue = await registerQueue('scheduled');
    const scheduleTime = new Date(Date.now() + 1500);
    await queue.enqueue({ n: 1 }, { id: 'later', scheduleTime });
    await queue.enqueue({ n: 2 }, { id: 'now' });
    const hits = await target.waitFor('scheduled', 2);
    expect(hits.map((h) => h.headers['x-cloudtasks-taskname'])).toEqual(['now', 'later']);
    expect(hits[1]!.at).toBeGreaterThanOrEqual(scheduleTime.getTime());
    expect(hits[1]!.body).toEqual({ data: { n: 1 } });
    expect(hits[1]!.headers).toMatchObject({
      'x-cloudtasks-queuename': 'scheduled',
      'x-cloudtasks-taskretrycount': '0',
      'x-cloudtasks-taskexecutioncount': '0',
      'content-type': 'application/json',
    });
    expect(Number(hits[1]!.headers['x-cloudtasks-tasketa']) * 1000).toBeCloseTo(scheduleTime.getTime(), -1);

    // scheduleDelaySeconds too
    const before = Date.now();
    await queue.enqueue({ n: 3 }, { id: 'delayed', scheduleDelaySeconds: 1 });
    const [, , delayed] = await target.waitFor('scheduled', 3);
    expect(delayed!.headers['x-cloudtasks-taskname']).toBe('delayed');
    expect(delayed!.at - before).toBeGreaterThanOrEqual(900); // firebase-admin rounds to whole seconds from its own clock
  });

  it('a deleted task is never dispatched', async () => {
    const queue = await registerQueue('deleted');
    await queue.enqueue({ n: 1 }, { id: 'gone', scheduleDelaySeconds: 3600 });
    const base = `http://127.0.0.1:${emu.port}/projects/${PROJECT}/locations/${LOCATION}/queues/deleted/tasks`;
    expect((await (await fetch(base)).json()).tasks.map((t: { name: string }) => t.name.split('/').pop())).toEqual([
      'gone',
    ]);
    await queue.delete('gone');
    expect((await fetch(`${base}/gone`)).status).toBe(404);
    expect((await (await fetch(base)).json()).tasks).toEqual([]);
  });
});

describe('tasks.run', () => {
  it('dispatches a task scheduled for later now, once; afterwards it is done like any other', async () => {
    const queue = await registerQueue('runnow');
    await queue.enqueue({ n: 1 }, { id: 'inaweek', scheduleDelaySeconds: 7 * 24 * 3600 });
    const base = `http://127.0.0.1:${emu.port}/projects/${PROJECT}/locations/${LOCATION}/queues/runnow/tasks`;
    const res = await fetch(`${base}/inaweek:run`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: expect.stringMatching(/\/tasks\/inaweek$/), dispatchCount: 1 });
    const [hit] = await target.waitFor('runnow', 1);
    expect(hit!.body).toEqual({ data: { n: 1 } });
    await waitForEvent((e) => e.type === 'done' && e.task.name.endsWith('/runnow/tasks/inaweek'));
    expect((await (await fetch(base)).json()).tasks).toEqual([]);
    // gone now: NOT_FOUND, and its name stays taken
    expect((await fetch(`${base}/inaweek:run`, { method: 'POST' })).status).toBe(404);
    await expect(queue.enqueue({ n: 2 }, { id: 'inaweek' })).rejects.toMatchObject({
      code: 'functions/task-already-exists',
    });
  });
});

describe('retries', () => {
  it("follow the queue's retry config: max attempts, backoff doubling up to its maximum", async () => {
    const queue = await registerQueue('failing', {
      maxAttempts: 4,
      minBackoffSeconds: 0.1,
      maxBackoffSeconds: 0.3,
      maxDoublings: 5,
    });
    target.answer = (fn, hits) => (fn === 'failing' ? 503 : fn === 'flaky' && hits.length < 2 ? 500 : 204);
    await queue.enqueue({ n: 1 }, { id: 'fails' });
    const gaveUp = await waitForEvent((e) => e.type === 'gaveUp' && e.task.name.endsWith('/fails'));
    expect(gaveUp.task.dispatchCount).toBe(4);
    const hits = target.hits.get('failing')!;
    expect(hits).toHaveLength(4);
    expect(hits.map((h) => h.headers['x-cloudtasks-taskretrycount'])).toEqual(['0', '1', '2', '3']);
    expect(hits.slice(1).map((h) => h.headers['x-cloudtasks-taskpreviousresponse'])).toEqual(['503', '503', '503']);
    // waits of 0.1 s, 0.2 s, then 0.4 s capped at 0.3 s
    const gaps = hits.slice(1).map((h, i) => h.at - hits[i]!.at);
    [100, 200, 300].forEach((min, i) => expect(gaps[i]).toBeGreaterThanOrEqual(min - 2));

    // a task that succeeds on its second attempt ends there
    const flaky = await registerQueue('flaky', { maxAttempts: 5, minBackoffSeconds: 0.1 });
    await flaky.enqueue({ n: 2 }, { id: 'once' });
    const done = await waitForEvent((e) => e.type === 'done' && e.task.name.endsWith('/once'));
    expect(done.task.dispatchCount).toBe(2);
    expect(target.hits.get('flaky')!.map((h) => h.headers['x-cloudtasks-taskexecutioncount'])).toEqual(['0', '1']);
  });

  it("backoff and limits as Cloud Tasks documents them; the queue's unset fields take Cloud Tasks' defaults", () => {
    const r = { ...RETRY_DEFAULTS, minBackoffSeconds: 10, maxBackoffSeconds: 300, maxDoublings: 3 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((k) => backoffSeconds(r, k))).toEqual([10, 20, 40, 80, 160, 240, 300, 300]);
    // the project's queue (functions/src/platform/tasks/queue-settings.ts): 2 s doubling 5 times, then linear, max 5 min
    const ours = { ...RETRY_DEFAULTS, maxAttempts: 10, minBackoffSeconds: 2, maxBackoffSeconds: 300, maxDoublings: 5 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => backoffSeconds(ours, k))).toEqual([
      2, 4, 8, 16, 32, 64, 128, 192, 256,
    ]);
    expect(retriesExhausted(ours, 9, 0)).toBe(false);
    expect(retriesExhausted(ours, 10, 0)).toBe(true);
    const both = { ...ours, maxRetrySeconds: 60 };
    expect(retriesExhausted(both, 10, 30_000)).toBe(false); // both limits must be reached
    expect(retriesExhausted(both, 10, 60_000)).toBe(true);
    expect(retriesExhausted({ ...both, maxAttempts: -1 }, 1000, 59_000)).toBe(false);
  });
});

describe('task names', () => {
  it('a name used before is refused with ALREADY_EXISTS, queued or already run', async () => {
    const queue = await registerQueue('named');
    await queue.enqueue({ n: 1 }, { id: 'dedupe', scheduleDelaySeconds: 3600 });
    await expect(queue.enqueue({ n: 2 }, { id: 'dedupe' })).rejects.toMatchObject({
      code: 'functions/task-already-exists',
    });
    await queue.enqueue({ n: 3 }, { id: 'ran' });
    await waitForEvent((e) => e.type === 'done' && e.task.name.endsWith('/ran'));
    await expect(queue.enqueue({ n: 4 }, { id: 'ran' })).rejects.toMatchObject({
      code: 'functions/task-already-exists',
    });
    // a deleted task's name stays used too
    await queue.delete('dedupe');
    await expect(queue.enqueue({ n: 5 }, { id: 'dedupe' })).rejects.toMatchObject({
      code: 'functions/task-already-exists',
    });
    expect(target.hits.get('named')!.map((h) => h.body)).toEqual([{ data: { n: 3 } }]);
  });

  it('a name is free again once its task ended longer ago than the retention (production: about an hour)', async () => {
    // a second emulator whose retention is zero: the name is free the moment its task ended, not while it is pending
    let runs = 0;
    let ran: () => void = () => {};
    const short = await startTasksEmulator({
      port: 0,
      log: () => {},
      nameRetentionMs: 0,
      onEvent: (e) => {
        if (e.type !== 'done') return;
        runs++;
        ran();
      },
    });
    const done = (n: number) => new Promise<void>((resolve) => (ran = () => runs >= n && resolve()));
    try {
      const queue = `projects/${PROJECT}/locations/${LOCATION}/queues/forget`;
      const url = `http://127.0.0.1:${short.port}/${queue}`;
      const json = (body: object, to = `${url}/tasks`) =>
        fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const task = (delayMs: number) =>
        json({ task: { name: `${queue}/tasks/again`, scheduleTime: new Date(Date.now() + delayMs).toISOString() } });
      expect((await json({ defaultUri: `${target.url}/forget` }, url)).status).toBe(200);
      expect((await task(3_600_000)).status).toBe(200);
      expect((await task(0)).status).toBe(409); // pending: taken
      expect((await fetch(`${url}/tasks/again`, { method: 'DELETE' })).status).toBe(200);
      const first = done(1);
      expect((await task(0)).status).toBe(200); // deleted, and forgotten at once
      await first;
      const second = done(2);
      expect((await task(0)).status).toBe(200); // ran, and forgotten at once
      await second;
      expect(target.hits.get('forget')).toHaveLength(2);
    } finally {
      await short.stop();
    }
  });

  it('a queue nobody registered is NOT_FOUND', async () => {
    const queue = getFunctions(app).taskQueue(`locations/${LOCATION}/functions/nothere`);
    await expect(queue.enqueue({})).rejects.toMatchObject({ code: 'functions/not-found' });
  });
});

describe('persistence', () => {
  it('pending tasks and used names survive a restart on the same data folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasks-emu-'));
    const dispatched: string[] = [];
    let arrived: () => void = () => {};
    const dispatch = async (t: { name: string }) => {
      dispatched.push(t.name.split('/').pop()!);
      arrived();
      return { status: 204 };
    };
    const first = await startTasksEmulator({ port: 0, dataDir: dir, dispatch, log: () => {} });
    const base = `http://127.0.0.1:${first.port}/projects/${PROJECT}/locations/${LOCATION}/queues/kept`;
    await fetch(base, { method: 'POST', body: JSON.stringify({ defaultUri: 'http://127.0.0.1:1/kept' }) });
    const create = (port: number, id: string, scheduleTime: string) =>
      fetch(`http://127.0.0.1:${port}/projects/${PROJECT}/locations/${LOCATION}/queues/kept/tasks`, {
        method: 'POST',
        body: JSON.stringify({ task: { name: `${base.split(`${first.port}/`)[1]}/tasks/${id}`, scheduleTime } }),
      });
    expect((await create(first.port, 'k1', new Date(Date.now() + 500).toISOString())).status).toBe(200);
    await first.stop();
    expect(dispatched).toEqual([]);

    const second = await startTasksEmulator({ port: 0, dataDir: dir, dispatch, log: () => {} });
    try {
      await new Promise<void>((resolve) => {
        arrived = resolve;
        if (dispatched.length) resolve();
      });
      expect(dispatched).toEqual(['k1']);
      expect((await create(second.port, 'k1', new Date().toISOString())).status).toBe(409);
    } finally {
      await second.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
