import { randomUUID } from 'node:crypto';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { functionsLog, type Logger } from '../logger.js';
import {
  isFinalTaskState,
  taskPercent,
  type BackgroundTask,
  type TaskCursor,
  type TaskError,
} from '../../model/background-task.js';
import { DEFAULT_CHUNKS_PER_DELIVERY, DELIVERY_BUDGET_MS, STALL_GRACE_MS, TASK_LEASE_MS } from './queue-settings.js';
import { TaskFailure, type ChunkResult, type TaskKind, type TaskKindRegistry } from './task-kind.js';
import type { TaskQueuePort } from './task-queue.js';
import { TasksRepository } from './tasks.repository.js';
import {
  errorOf,
  finalFields,
  sameCursor,
  type Delivery,
  type DeliveryOutcome,
  type FinalState,
} from './task-delivery.js';

export type { Delivery, DeliveryOutcome } from './task-delivery.js';

export interface CreateTaskArgs<P> {
  kind: string;
  params: P;
  createdBy: string;
  /** Fewer items per chunk / chunks per delivery than the kind's defaults (never more). */
  chunkSize?: number;
  chunksPerDelivery?: number;
  /**
   * A delayed task (pass the same moment to `start`): recovery leaves it alone until then (plus the
   * grace), so only the queue's scheduled dispatch starts it.
   */
  notBefore?: Date;
}

export interface TaskRunnerDeps {
  db: Firestore;
  queue: TaskQueuePort;
  kinds: TaskKindRegistry;
  now: () => Date;
  /** Defaults to the Functions logger (the platform passes its own). */
  log?: Logger;
  leaseMs?: number;
  deliveryBudgetMs?: number;
  stallGraceMs?: number;
}

/** The inline start in a request works this long at most, then leaves the rest to the queue. */
const INLINE_BUDGET_MS = 10_000;
/** Stalled tasks re-enqueued by each start (the rest by the next start or an explicit sweep). */
const START_SWEEP_LIMIT = 10;

type Claim =
  | { outcome: DeliveryOutcome }
  | { outcome?: undefined; task: BackgroundTask; token: string; kind: TaskKind<unknown>; params: unknown };

/**
 * The state machine of `backgroundTasks` (README.md): claim a lease in a transaction, run chunks, commit
 * each chunk's effects with cursor and progress, check for abort between chunks, hand on to a fresh
 * delivery after a bounded amount of work. Any number of deliveries of one task, in any interleaving,
 * leave it in the state one delivery would have: only the lease holder commits, and only on the cursor
 * it started from.
 */
export class TaskRunner {
  readonly repo: TasksRepository;
  private readonly leaseMs: number;
  private readonly budgetMs: number;
  private readonly graceMs: number;
  private readonly log: Logger;

  constructor(private readonly d: TaskRunnerDeps) {
    this.repo = new TasksRepository(d.db);
    this.log = d.log ?? functionsLog;
    this.leaseMs = d.leaseMs ?? TASK_LEASE_MS;
    this.budgetMs = d.deliveryBudgetMs ?? DELIVERY_BUDGET_MS;
    this.graceMs = d.stallGraceMs ?? STALL_GRACE_MS;
  }

  /**
   * Writes a `queued` task inside the caller's transaction (call after its reads), so the task exists
   * exactly when the change that needs it is committed. Then call `start(id)` after the commit.
   */
  createInTx<P>(tx: Transaction, args: CreateTaskArgs<P>): string {
    const kind = this.d.kinds.get(args.kind);
    if (!kind) throw new Error(`unknown task kind ${args.kind}`);
    const id = this.repo.newId();
    const now = this.d.now();
    const task: Omit<BackgroundTask, 'id'> = {
      kind: args.kind,
      params: args.params as Record<string, unknown>,
      state: 'queued',
      progress: { done: 0, total: null, percent: null },
      cursor: null,
      lease: null,
      abortRequested: false,
      chunkSize: Math.max(1, Math.min(args.chunkSize ?? kind.chunkSize, kind.chunkSize)),
      chunksPerDelivery: Math.max(
        1,
        Math.min(args.chunksPerDelivery ?? Infinity, kind.chunksPerDelivery ?? DEFAULT_CHUNKS_PER_DELIVERY),
      ),
      segment: 0,
      claims: 0,
      // Not picked up by then (enqueue lost, process gone): recoverStalled enqueues it again.
      resumeAt: new Date(Math.max(now.getTime(), args.notBefore?.getTime() ?? 0) + this.graceMs),
      createdBy: args.createdBy,
      createDate: now,
      lastUpdate: now,
    };
    tx.create(this.repo.ref(id), { ...task, id });
    return id;
  }

  /**
   * The task document as it stands (state, progress `{done, total, percent}`, startedAt, finishedAt, error): what a
   * progress route shows (e.g. `GET /article/import`); undefined when there is none.
   */
  get(taskId: string): Promise<BackgroundTask | undefined> {
    return this.repo.get(taskId);
  }

  /** The task document read inside the caller's transaction (e.g. a lock that is free once its task is final). */
  getInTx(tx: Transaction, taskId: string): Promise<BackgroundTask | undefined> {
    return this.repo.getInTx(tx, taskId);
  }

  /** `createInTx` in a transaction of its own. */
  async create<P>(args: CreateTaskArgs<P>): Promise<string> {
    return this.d.db.runTransaction(async (tx) => this.createInTx(tx, args));
  }

  /**
   * Enqueues the first delivery (named `<id>-0`, so a repeated start enqueues nothing), sweeps up a
   * few stalled tasks (recoverStalled) and, with
   * `inline`, works on the task right here for at most INLINE_BUDGET_MS, so small tasks are done when
   * the request answers (if the queued delivery claimed it first, waits as long for that one to finish). Never throws: the task document is committed already, and a task whose
   * enqueue failed is picked up by `recoverStalled`; an inline error leaves the rest to the queue.
   * `notBefore` schedules the first delivery (give the task the same `notBefore` when creating it).
   */
  async start(taskId: string, opts: { inline?: boolean; notBefore?: Date } = {}): Promise<void> {
    try {
      const name = `${taskId}-0`;
      await (opts.notBefore
        ? this.d.queue.enqueue(taskId, name, { notBefore: opts.notBefore })
        : this.d.queue.enqueue(taskId, name));
      // Cloud Tasks answers again: pick up tasks whose enqueue failed earlier (one small query).
      await this.recoverStalled(START_SWEEP_LIMIT);
    } catch (error) {
      this.log.error('background task: enqueue failed; recoverStalled will enqueue it', {
        taskId,
        error: errorOf(error),
      });
    }
    if (!opts.inline) return;
    try {
      const started = performance.now();
      const outcome = await this.deliver(taskId, { id: `inline-${taskId}`, lastAttempt: false }, INLINE_BUDGET_MS);
      // The queued delivery can claim the task first (Cloud Tasks may dispatch before this line): the request
      // still answers only after the work it promised (e.g. sessions revoked), within the same budget.
      if (outcome === 'busy') await this.repo.waitUntilFinal(taskId, INLINE_BUDGET_MS - (performance.now() - started));
    } catch (error) {
      this.log.warn('background task: inline delivery failed; the queued delivery continues', {
        taskId,
        error: errorOf(error),
      });
    }
  }

  /** One delivery: claim, chunks, commit, hand on. Throws on a transient error (Cloud Tasks retries). */
  async deliver(taskId: string, delivery: Delivery, budgetMs = this.budgetMs): Promise<DeliveryOutcome> {
    const claim = await this.claim(taskId, delivery);
    if (claim.outcome) return claim.outcome;
    const { task, token, kind, params } = claim;
    const started = this.d.now().getTime();
    let cursor = task.cursor;
    try {
      // Counted once, before the first chunk; stored with its commit.
      const total = task.progress.total ?? (kind.count ? await kind.count(params) : null);
      for (let n = 0; n < task.chunksPerDelivery && this.d.now().getTime() - started < budgetMs; n++) {
        const result = await kind.runChunk({ taskId, params, cursor, size: task.chunkSize });
        const outcome = await this.commitChunk(taskId, token, cursor, result, total);
        if (typeof outcome === 'string') return outcome;
        cursor = outcome.cursor;
      }
    } catch (error) {
      return this.failDelivery(taskId, token, error, delivery);
    }
    // Outside the try: a failed enqueue must fail the delivery (its retry continues), not end it.
    return this.handOn(taskId, token);
  }

  /**
   * Sets the abort flag; the lease holder stops after its current chunk. A task nobody works on
   * (queued, between deliveries, or its lease expired) ends `aborted` at once.
   */
  async requestAbort(taskId: string): Promise<BackgroundTask | undefined> {
    return this.d.db.runTransaction(async (tx) => {
      const task = await this.repo.getInTx(tx, taskId);
      if (!task || isFinalTaskState(task.state)) return task;
      const now = this.d.now();
      if (task.lease && task.lease.expiresAt > now) {
        tx.update(this.repo.ref(taskId), { abortRequested: true, lastUpdate: now });
        return { ...task, abortRequested: true };
      }
      this.finishInTx(tx, taskId, 'aborted', now);
      return { ...task, abortRequested: true, state: 'aborted' };
    });
  }

  /**
   * Enqueues a fresh delivery for every unfinished task that nobody has worked on since its resumeAt
   * (enqueue failed after the commit, or every delivery of it was lost). Run it periodically (README:
   * "Recovery"); it is safe to run any time, since a surplus delivery finds the task busy or final.
   */
  async recoverStalled(limit = 100): Promise<string[]> {
    const now = this.d.now();
    const recovered: string[] = [];
    for (const stale of await this.repo.stalled(now, limit)) {
      const resumeAt = await this.d.db.runTransaction(async (tx) => {
        const task = await this.repo.getInTx(tx, stale.id);
        if (!task || isFinalTaskState(task.state) || !task.resumeAt || task.resumeAt > now) return undefined;
        if (task.lease && task.lease.expiresAt > now) return undefined;
        const next = new Date(now.getTime() + this.graceMs);
        tx.update(this.repo.ref(task.id), { resumeAt: next, lastUpdate: now });
        return next;
      });
      if (!resumeAt) continue;
      await this.d.queue.enqueue(stale.id, `${stale.id}-r${resumeAt.getTime()}`);
      recovered.push(stale.id);
    }
    return recovered;
  }

  private async claim(taskId: string, delivery: Delivery): Promise<Claim> {
    return this.d.db.runTransaction(async (tx): Promise<Claim> => {
      const task = await this.repo.getInTx(tx, taskId);
      if (!task) return { outcome: 'missing' };
      if (isFinalTaskState(task.state)) return { outcome: 'final' };
      const now = this.d.now();
      // A live lease of another delivery: it works, this one does nothing. A retry of the holder itself
      // (same Cloud Task name) takes the lease back: the holder crashed.
      if (task.lease && task.lease.expiresAt > now && task.lease.owner !== delivery.id) return { outcome: 'busy' };
      if (task.abortRequested) {
        this.finishInTx(tx, taskId, 'aborted', now);
        return { outcome: 'aborted' };
      }
      const kind = this.d.kinds.get(task.kind);
      if (!kind) {
        this.finishInTx(tx, taskId, 'failed', now, { code: 'unknownKind', message: task.kind });
        return { outcome: 'failed' };
      }
      let params: unknown;
      try {
        params = kind.parse(task.params);
      } catch (error) {
        this.finishInTx(
          tx,
          taskId,
          'failed',
          now,
          error instanceof TaskFailure ? errorOf(error) : { code: 'invalidParams' },
        );
        return { outcome: 'failed' };
      }
      const token = randomUUID();
      const expiresAt = new Date(now.getTime() + this.leaseMs);
      tx.update(this.repo.ref(taskId), {
        state: 'running',
        lease: { owner: delivery.id, token, expiresAt },
        claims: FieldValue.increment(1),
        resumeAt: new Date(expiresAt.getTime() + this.graceMs),
        startedAt: task.startedAt ?? now,
        lastUpdate: now,
      });
      return { task, token, kind, params };
    });
  }

  /** The chunk's effects, cursor and progress in one transaction, if this delivery still holds the lease. */
  private async commitChunk(
    taskId: string,
    token: string,
    from: TaskCursor,
    result: ChunkResult,
    total: number | null,
  ): Promise<DeliveryOutcome | { cursor: TaskCursor }> {
    return this.d.db.runTransaction(async (tx) => {
      const task = await this.repo.getInTx(tx, taskId);
      // Someone else took over (our lease expired) or the cursor moved on: our chunk is not committed.
      if (!task || task.lease?.token !== token || !sameCursor(task.cursor, from)) return 'lostLease';
      // the commit may have done less than announced (ChunkShortened): its own answer counts
      const shortened = await result.commit?.(tx);
      if (shortened) result = { ...result, ...shortened };
      const now = this.d.now();
      const done = task.progress.done + result.processed;
      const ref = this.repo.ref(taskId);
      if (result.finished) {
        tx.update(ref, {
          cursor: result.cursor,
          progress: { done, total: done, percent: 100 },
          ...finalFields('done', now),
        });
        return 'done';
      }
      const known = task.progress.total ?? total;
      const progress = { done, total: known, percent: taskPercent(done, known) };
      if (task.abortRequested) {
        tx.update(ref, { cursor: result.cursor, progress, ...finalFields('aborted', now) });
        return 'aborted';
      }
      const expiresAt = new Date(now.getTime() + this.leaseMs);
      tx.update(ref, {
        cursor: result.cursor,
        progress,
        'lease.expiresAt': expiresAt,
        resumeAt: new Date(expiresAt.getTime() + this.graceMs),
        lastUpdate: now,
      });
      return { cursor: result.cursor };
    });
  }

  /** Budget used up: release the lease and enqueue the next delivery (`<id>-<segment>`). */
  private async handOn(taskId: string, token: string): Promise<DeliveryOutcome> {
    const segment = await this.d.db.runTransaction(async (tx) => {
      const task = await this.repo.getInTx(tx, taskId);
      if (!task || task.lease?.token !== token) return undefined;
      const now = this.d.now();
      const next = task.segment + 1;
      tx.update(this.repo.ref(taskId), {
        lease: null,
        segment: next,
        resumeAt: new Date(now.getTime() + this.graceMs),
        lastUpdate: now,
      });
      return next;
    });
    if (segment === undefined) return 'lostLease';
    // If this throws, the delivery fails and its retry continues the task (the lease is free).
    await this.d.queue.enqueue(taskId, `${taskId}-${segment}`);
    return 'handedOn';
  }

  /**
   * A chunk (or the count) threw. Permanent (TaskFailure) or on the last attempt: the task ends `failed`.
   * Otherwise the lease is released and the error rethrown, so Cloud Tasks retries this delivery, which
   * continues from the last committed chunk.
   */
  private async failDelivery(
    taskId: string,
    token: string,
    error: unknown,
    delivery: Delivery,
  ): Promise<DeliveryOutcome> {
    const info = errorOf(error);
    const permanent = error instanceof TaskFailure || delivery.lastAttempt;
    const held = await this.d.db.runTransaction(async (tx) => {
      const task = await this.repo.getInTx(tx, taskId);
      if (!task || task.lease?.token !== token) return false;
      const now = this.d.now();
      if (permanent) this.finishInTx(tx, taskId, 'failed', now, info);
      else
        tx.update(this.repo.ref(taskId), {
          lease: null,
          lastError: info,
          resumeAt: new Date(now.getTime() + this.graceMs),
          lastUpdate: now,
        });
      return true;
    });
    if (!held) return 'lostLease';
    this.log.warn('background task: chunk failed', { taskId, delivery: delivery.id, permanent, error: info });
    if (permanent) return 'failed';
    throw error;
  }

  private finishInTx(tx: Transaction, taskId: string, state: FinalState, now: Date, error?: TaskError): void {
    tx.update(this.repo.ref(taskId), finalFields(state, now, error));
  }
}
