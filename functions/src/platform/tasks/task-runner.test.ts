import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import type { BackgroundTask } from '../../model/background-task.js';
import { TaskFailure, TaskKindRegistry, type TaskKind } from './task-kind.js';
import type { TaskQueuePort } from './task-queue.js';
import { TaskRunner } from './task-runner.js';

// The runner against our Firestore emulator, called directly (no Cloud Tasks): each test plays the
// queue itself by calling deliver() with the delivery names the runner enqueued.

let env: TestEnv;
let db: Firestore;
beforeAll(async () => {
  env = await startEnv();
  db = env.db as unknown as Firestore;
});
afterAll(() => env.close());

const LEASE_MS = 60_000;
const GRACE_MS = 600_000;
let clock: number;
const now = () => new Date(clock);

/** A queue that records what was enqueued; a second enqueue of one name is a no-op, as in Cloud Tasks. */
class FakeQueue implements TaskQueuePort {
  names: string[] = [];
  failNext = 0;
  async enqueue(_taskId: string, name: string): Promise<void> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('Cloud Tasks unavailable');
    }
    if (!this.names.includes(name)) this.names.push(name);
  }
}

interface Items {
  col: string;
}

/**
 * A kind over `<col>/{id}`: each item's Firestore effect (processed/{id}.count += 1) is committed with
 * the chunk; `external` records every item handled, as an effect outside Firestore would happen.
 */
let external: string[];
let hooks: { beforeItem?: (id: string, cursor: unknown) => Promise<void> | void };
const itemsKind: TaskKind<Items> = {
  kind: 'testItems',
  chunkSize: 3,
  chunksPerDelivery: 100,
  parse(params) {
    const col = (params as Partial<Items>)?.col;
    if (typeof col !== 'string') throw new TaskFailure('invalidParams');
    return { col };
  },
  async count({ col }) {
    return (await db.collection(col).count().get()).data().count;
  },
  async runChunk({ params, cursor, size }) {
    let query = db.collection(params.col).orderBy(FieldPath.documentId()).limit(size);
    if (typeof cursor === 'string') query = query.startAfter(cursor);
    const ids = (await query.get()).docs.map((d) => d.id);
    for (const id of ids) {
      await hooks.beforeItem?.(id, cursor);
      external.push(id);
    }
    return {
      cursor: ids.at(-1) ?? cursor,
      processed: ids.length,
      finished: ids.length < size,
      commit: (tx) => {
        for (const id of ids)
          tx.set(db.collection(`${params.col}-processed`).doc(id), { count: FieldValue.increment(1) }, { merge: true });
      },
    };
  },
};
/** Announces its chunk of 3 but commits only the first item (as a commit at its write budget does). */
const shortKind: TaskKind<Items> = {
  ...itemsKind,
  kind: 'testShort',
  async runChunk(ctx) {
    const full = await itemsKind.runChunk(ctx);
    const ids = (await db.collection(ctx.params.col).orderBy(FieldPath.documentId()).get()).docs
      .map((d) => d.id)
      .filter((id) => typeof ctx.cursor !== 'string' || id > ctx.cursor);
    return {
      ...full,
      commit: (tx) => {
        const first = ids[0]!;
        tx.set(
          db.collection(`${ctx.params.col}-processed`).doc(first),
          { count: FieldValue.increment(1) },
          { merge: true },
        );
        return ids.length > 1 ? { cursor: first, processed: 1, finished: false } : undefined;
      },
    };
  },
};
const failingKind: TaskKind<Items> = {
  ...itemsKind,
  kind: 'testFailing',
  async runChunk() {
    throw new TaskFailure('unreadableFile', 'row 3');
  },
};

let queue: FakeQueue;
let runner: TaskRunner;
let seq = 0;

beforeEach(() => {
  clock = Date.parse('2026-11-23T10:00:00Z');
  external = [];
  hooks = {};
  queue = new FakeQueue();
  runner = new TaskRunner({
    db,
    queue,
    now,
    leaseMs: LEASE_MS,
    stallGraceMs: GRACE_MS,
    kinds: new TaskKindRegistry().register(itemsKind).register(failingKind).register(shortKind),
  });
});

/** A fresh items collection with `n` items i00, i01, …; returns its name. */
async function items(n: number): Promise<string> {
  const col = `items${++seq}`;
  const batch = db.batch();
  for (let i = 0; i < n; i++) batch.set(db.collection(col).doc(`i${String(i).padStart(2, '0')}`), { n: i });
  await batch.commit();
  return col;
}

async function task(id: string): Promise<BackgroundTask> {
  return (await runner.repo.get(id))!;
}

/** processed/{id}.count per item (Firestore effects, committed with the chunks). */
async function processed(col: string): Promise<Record<string, number>> {
  const snap = await db.collection(`${col}-processed`).get();
  return Object.fromEntries(snap.docs.map((d) => [d.id, d.get('count') as number]));
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `i${String(i).padStart(2, '0')}`);
const once = (n: number) => Object.fromEntries(ids(n).map((id) => [id, 1]));
const delivery = (id: string, lastAttempt = false) => ({ id, lastAttempt });

describe('TaskRunner: chunks and progress', () => {
  it('a commit that did less than its chunk (ChunkShortened): cursor and progress follow its answer', async () => {
    const col = await items(4);
    const id = await runner.create({ kind: 'testShort', params: { col }, createdBy: 'admin' });
    expect(await runner.deliver(id, delivery('d0'))).toBe('done');
    expect(await task(id)).toMatchObject({ state: 'done', cursor: 'i03', progress: { done: 4, total: 4 } });
    expect(await processed(col)).toEqual(once(4));
  });

  it('works in chunks, hands on after chunksPerDelivery, counts progress, ends done', async () => {
    const col = await items(10);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin', chunksPerDelivery: 2 });
    expect(await task(id)).toMatchObject({
      state: 'queued',
      progress: { done: 0, total: null, percent: null },
      chunkSize: 3,
      chunksPerDelivery: 2,
      createdBy: 'admin',
    });

    expect(await runner.deliver(id, delivery('d0'))).toBe('handedOn');
    expect(queue.names).toEqual([`${id}-1`]);
    expect(await task(id)).toMatchObject({
      state: 'running',
      lease: null,
      segment: 1,
      cursor: 'i05',
      progress: { done: 6, total: 10, percent: 60 },
    });

    expect(await runner.deliver(id, delivery(`${id}-1`))).toBe('done');
    const t = await task(id);
    expect(t).toMatchObject({
      state: 'done',
      lease: null,
      cursor: 'i09',
      claims: 2,
      progress: { done: 10, total: 10, percent: 100 },
    });
    expect(t.resumeAt).toBeUndefined();
    expect(t.finishedAt).toBeInstanceOf(Date);
    expect(await processed(col)).toEqual(once(10));
    expect(external).toEqual(ids(10));

    // A late duplicate of a finished task does nothing.
    expect(await runner.deliver(id, delivery(`${id}-1`))).toBe('final');
    expect(await processed(col)).toEqual(once(10));
  });

  it('a failed hand-on enqueue fails the delivery; its retry continues the task', async () => {
    const col = await items(10);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin', chunksPerDelivery: 2 });
    queue.failNext = 1;
    await expect(runner.deliver(id, delivery('d0'))).rejects.toThrow('Cloud Tasks unavailable');
    expect(await task(id)).toMatchObject({ state: 'running', lease: null, segment: 1, progress: { done: 6 } });
    expect(await runner.deliver(id, delivery('d0'))).toBe('done'); // the retry: chunks 3 and 4
    expect(queue.names).toEqual([]);
    expect(await processed(col)).toEqual(once(10));
  });

  it('an exactly full last page ends with an empty chunk; an empty task is done at once', async () => {
    const col = await items(6);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    expect(await runner.deliver(id, delivery('d'))).toBe('done');
    expect(await task(id)).toMatchObject({ progress: { done: 6, total: 6, percent: 100 } });
    const empty = await runner.create({ kind: 'testItems', params: { col: 'nothing-here' }, createdBy: 'admin' });
    expect(await runner.deliver(empty, delivery('e'))).toBe('done');
    expect(await task(empty)).toMatchObject({ state: 'done', progress: { done: 0, total: 0, percent: 100 } });
  });

  it('start() enqueues <id>-0 once and with inline works right away', async () => {
    const col = await items(4);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    await runner.start(id, { inline: true });
    await runner.start(id);
    expect(queue.names).toEqual([`${id}-0`]);
    expect(await task(id)).toMatchObject({ state: 'done', progress: { done: 4 } });
    expect(await runner.deliver(id, delivery(`${id}-0`))).toBe('final');
    expect(await processed(col)).toEqual(once(4));
  });

  it('start() with inline answers only when done, also when the queued delivery claimed the task first', async () => {
    const col = await items(4);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
    hooks.beforeItem = async (item) => {
      if (item === 'i00') {
        claimed();
        await gate;
      }
    };
    // Cloud Tasks dispatched <id>-0 at once and it holds the lease, blocked before its first item
    const queued = runner.deliver(id, delivery(`${id}-0`));
    await isClaimed;
    // the inline start finds the task busy and waits, listening to the task: wait for that listener (an event)
    let listening!: () => void;
    const isListening = new Promise<void>((resolve) => (listening = resolve));
    const ref = runner.repo.ref.bind(runner.repo);
    runner.repo.ref = (taskId: string) => {
      const r = ref(taskId);
      const onSnapshot = r.onSnapshot.bind(r) as (...a: unknown[]) => () => void;
      return Object.assign(r, {
        onSnapshot: (...a: unknown[]) => {
          listening();
          return onSnapshot(...a);
        },
      });
    };
    let answered = false;
    const start = runner.start(id, { inline: true }).then(() => (answered = true));
    await isListening;
    expect(answered).toBe(false);
    release();
    await start;
    expect(await task(id)).toMatchObject({ state: 'done', progress: { done: 4 } });
    expect(await queued).toBe('done');
    expect(await processed(col)).toEqual(once(4));
  });
});

describe('TaskRunner: duplicate deliveries, crashes, lease expiry', () => {
  it('two deliveries at once: one works, the other does nothing; every item once', async () => {
    const col = await items(10);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    const outcomes = await Promise.all([runner.deliver(id, delivery('a')), runner.deliver(id, delivery('b'))]);
    expect(outcomes.sort()).toEqual(['busy', 'done']);
    expect(await task(id)).toMatchObject({ state: 'done', claims: 1, progress: { done: 10, total: 10, percent: 100 } });
    expect(await processed(col)).toEqual(once(10));
    expect(external).toEqual(ids(10));
  });

  it('a crash mid-chunk: the retry continues from the last committed chunk; Firestore effects exactly once', async () => {
    const col = await items(10);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    let crashed = false;
    hooks.beforeItem = (item) => {
      if (item === 'i05' && !crashed) {
        crashed = true;
        throw new Error('connection reset');
      }
    };
    await expect(runner.deliver(id, delivery('t1'))).rejects.toThrow('connection reset');
    // Chunk 1 (i00–i02) committed; chunk 2 cut off after i03, i04: nothing of it committed.
    expect(await task(id)).toMatchObject({
      state: 'running',
      lease: null,
      cursor: 'i02',
      progress: { done: 3, total: 10, percent: 30 },
      lastError: { code: 'internal', message: 'connection reset' },
    });
    expect(await processed(col)).toEqual(once(3));

    expect(await runner.deliver(id, delivery('t1'))).toBe('done'); // Cloud Tasks' retry: same name
    expect(await task(id)).toMatchObject({ state: 'done', claims: 2, progress: { done: 10, total: 10, percent: 100 } });
    expect(await processed(col)).toEqual(once(10));
    // Outside Firestore the cut-off chunk's first items were handled twice: such effects must be idempotent.
    const counts = external.reduce<Record<string, number>>(
      (acc, item) => ({ ...acc, [item]: (acc[item] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ ...once(10), i03: 2, i04: 2 });
  });

  it('a holder that hangs: others wait while its lease lives, take over when it expires; its late commit is refused', async () => {
    const col = await items(10);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let blocked!: () => void;
    const isBlocked = new Promise<void>((resolve) => (blocked = resolve));
    let first = true;
    hooks.beforeItem = async (item) => {
      if (item === 'i03' && first) {
        first = false;
        blocked();
        await gate;
      }
    };
    const holder = runner.deliver(id, delivery('holder'));
    await isBlocked;
    expect(await task(id)).toMatchObject({ state: 'running', progress: { done: 3 }, lease: { owner: 'holder' } });

    expect(await runner.deliver(id, delivery('other'))).toBe('busy');
    clock += LEASE_MS + 1;
    expect(await runner.deliver(id, delivery('other'))).toBe('done');

    release();
    expect(await holder).toBe('lostLease');
    expect(await task(id)).toMatchObject({ state: 'done', claims: 2, progress: { done: 10, total: 10 } });
    expect(await processed(col)).toEqual(once(10));
  });

  it('a retry of the holder itself (same delivery name) takes its lease back at once', async () => {
    const col = await items(5);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let blocked!: () => void;
    const isBlocked = new Promise<void>((resolve) => (blocked = resolve));
    let first = true;
    hooks.beforeItem = async () => {
      if (first) {
        first = false;
        blocked();
        await gate;
      }
    };
    const crashed = runner.deliver(id, delivery('task-7'));
    await isBlocked;
    expect(await runner.deliver(id, delivery('task-7'))).toBe('done');
    release();
    expect(await crashed).toBe('lostLease');
    expect(await processed(col)).toEqual(once(5));
  });
});

describe('TaskRunner: abort, failure, recovery', () => {
  it('abort is honoured between chunks: the running chunk commits, nothing after it', async () => {
    const col = await items(10);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    hooks.beforeItem = async (item) => {
      if (item === 'i04')
        expect(await runner.requestAbort(id)).toMatchObject({ state: 'running', abortRequested: true });
    };
    expect(await runner.deliver(id, delivery('d'))).toBe('aborted');
    const t = await task(id);
    expect(t).toMatchObject({
      state: 'aborted',
      abortRequested: true,
      lease: null,
      cursor: 'i05',
      progress: { done: 6, total: 10, percent: 60 },
    });
    expect(t.finishedAt).toBeInstanceOf(Date);
    expect(await processed(col)).toEqual(once(6));
    expect(await runner.deliver(id, delivery('late'))).toBe('final');
  });

  it('aborting a task nobody works on ends it at once', async () => {
    const col = await items(3);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    expect(await runner.requestAbort(id)).toMatchObject({ state: 'aborted' });
    expect(await runner.deliver(id, delivery('d'))).toBe('final');
    expect(await task(id)).toMatchObject({ state: 'aborted', progress: { done: 0 } });
    expect(await processed(col)).toEqual({});
  });

  it('a permanent error ends failed with its code; a transient one on the last attempt ends failed internal', async () => {
    const col = await items(3);
    const id = await runner.create({ kind: 'testFailing', params: { col }, createdBy: 'admin' });
    expect(await runner.deliver(id, delivery('d'))).toBe('failed');
    expect(await task(id)).toMatchObject({
      state: 'failed',
      lease: null,
      error: { code: 'unreadableFile', message: 'row 3' },
    });

    const id2 = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    hooks.beforeItem = () => {
      throw new Error('quota exceeded');
    };
    expect(await runner.deliver(id2, delivery('d', true))).toBe('failed');
    expect(await task(id2)).toMatchObject({ state: 'failed', error: { code: 'internal', message: 'quota exceeded' } });

    const id3 = await runner.create({ kind: 'testItems', params: { col: 42 }, createdBy: 'admin' });
    expect(await runner.deliver(id3, delivery('d'))).toBe('failed');
    expect(await task(id3)).toMatchObject({ state: 'failed', error: { code: 'invalidParams' } });
  });

  it('a task whose enqueue failed is re-enqueued by recoverStalled after the grace period', async () => {
    const col = await items(4);
    const id = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    queue.failNext = 1;
    await runner.start(id); // logs, does not throw: the task document is committed
    expect(queue.names).toEqual([]);
    expect(await runner.recoverStalled()).toEqual([]);
    clock += GRACE_MS + 1;
    expect(await runner.recoverStalled()).toEqual([id]);
    expect(await runner.recoverStalled()).toEqual([]); // resumeAt moved on
    expect(queue.names).toEqual([`${id}-r${clock + GRACE_MS}`]);
    expect(await runner.deliver(id, delivery(queue.names[0]!))).toBe('done');
    clock += 2 * GRACE_MS;
    expect(await runner.recoverStalled()).toEqual([]); // finished tasks have no resumeAt
  });

  it('the next successful start() re-enqueues a task whose enqueue failed', async () => {
    const col = await items(2);
    const lost = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    queue.failNext = 1;
    await runner.start(lost);
    clock += GRACE_MS + 1;
    const next = await runner.create({ kind: 'testItems', params: { col }, createdBy: 'admin' });
    await runner.start(next);
    expect(queue.names).toEqual([`${next}-0`, `${lost}-r${clock + GRACE_MS}`]);
  });
});
