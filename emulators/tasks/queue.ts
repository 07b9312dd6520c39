// The Cloud Tasks behaviour the emulator keeps: schedule times, retries per the queue's retry config,
// rate limits and task names that cannot be reused. HTTP lives in rest.ts, the queues and names in registry.ts.

/** A queue's retry config in firebase-functions' `onTaskDispatched({retryConfig})` form. */
export interface RetryConfig {
  /** Attempts in all, the first included; -1: unlimited. */
  maxAttempts: number;
  /** Retrying stops once this long has passed since the first attempt AND maxAttempts is reached; 0: unlimited. */
  maxRetrySeconds: number;
  minBackoffSeconds: number;
  maxBackoffSeconds: number;
  maxDoublings: number;
}

export interface RateLimits {
  maxConcurrentDispatches: number;
  maxDispatchesPerSecond: number;
}

export interface QueueConfig {
  retryConfig: RetryConfig;
  rateLimits: RateLimits;
  /** Where a task without its own URL goes (the task function in the Functions emulator). */
  defaultUri?: string;
}

/** Cloud Tasks' own defaults for what a queue leaves unset (cloud.google.com/tasks/docs/reference/rest/v2/projects.locations.queues). */
export const RETRY_DEFAULTS: RetryConfig = {
  maxAttempts: 100,
  maxRetrySeconds: 0,
  minBackoffSeconds: 0.1,
  maxBackoffSeconds: 3600,
  maxDoublings: 16,
};
const RATE_DEFAULTS: RateLimits = { maxConcurrentDispatches: 1000, maxDispatchesPerSecond: 500 };
/** Cloud Tasks' default dispatch deadline for HTTP targets. */
const DEFAULT_DEADLINE_MS = 10 * 60_000;
/** setTimeout's longest delay; later schedule times are reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function queueConfig(body: {
  retryConfig?: Partial<RetryConfig>;
  rateLimits?: Partial<RateLimits>;
  defaultUri?: string;
}): QueueConfig {
  const defined = <T extends object>(o: Partial<T> | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
  return {
    retryConfig: { ...RETRY_DEFAULTS, ...defined(body.retryConfig) },
    rateLimits: { ...RATE_DEFAULTS, ...defined(body.rateLimits) },
    ...(body.defaultUri ? { defaultUri: body.defaultUri } : {}),
  };
}

/**
 * Seconds to wait before retry number `retry` (1 = the first retry): minBackoff, doubled maxDoublings times,
 * then growing linearly by minBackoff·2^maxDoublings, never above maxBackoff — Cloud Tasks' documented example
 * (10 s, 300 s, 3 doublings) gives 10, 20, 40, 80, 160, 240, 300, 300, …
 */
export function backoffSeconds(r: RetryConfig, retry: number): number {
  const k = retry - 1;
  const seconds =
    k <= r.maxDoublings
      ? r.minBackoffSeconds * 2 ** k
      : r.minBackoffSeconds * 2 ** r.maxDoublings * (k - r.maxDoublings + 1);
  return Math.min(seconds, r.maxBackoffSeconds);
}

/** Whether a task that has had `attempts` attempts, the first `elapsedMs` ago, gets no further one. */
export function retriesExhausted(r: RetryConfig, attempts: number, elapsedMs: number): boolean {
  const byAttempts = r.maxAttempts !== -1 && attempts >= r.maxAttempts;
  const byTime = r.maxRetrySeconds > 0 && elapsedMs >= r.maxRetrySeconds * 1000;
  if (r.maxRetrySeconds <= 0) return byAttempts;
  if (r.maxAttempts === -1) return byTime;
  return byAttempts && byTime; // both limits set: retried until both are reached
}

interface HttpRequestSpec {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** One task as the emulator keeps it (and persists it). */
export interface StoredTask {
  /** projects/p/locations/l/queues/q/tasks/id */
  name: string;
  scheduleTime: number;
  createTime: number;
  httpRequest: { url: string; headers: Record<string, string>; body: string /* base64 */ };
  dispatchDeadlineMs: number;
  dispatchCount: number;
  responseCount: number;
  firstAttemptTime?: number;
  lastResponseStatus?: number;
  /** When a failed task is attempted again (its backoff). */
  nextAttemptTime?: number;
}

interface DispatchResult {
  /** HTTP status, or undefined when no response came (connection refused, deadline passed). */
  status?: number;
  error?: string;
}
export type Dispatcher = (task: StoredTask, request: HttpRequestSpec) => Promise<DispatchResult>;

export interface TaskEvent {
  type: 'dispatched' | 'done' | 'retry' | 'gaveUp';
  task: StoredTask;
  status?: number;
  /** for 'retry': when the next attempt is due */
  next?: number;
}

/** Parses the Cloud Tasks duration form `"30s"` / `"1.5s"`. */
export function durationMs(d: string | undefined): number | undefined {
  const m = d ? /^(\d+(?:\.\d+)?)s$/.exec(d) : null;
  return m ? Math.round(Number(m[1]) * 1000) : undefined;
}

/** One queue: tasks wait for their schedule time, then for a free dispatch slot and a rate token. */
export class TaskQueue {
  private readonly tasks = new Map<string, StoredTask>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly ready: StoredTask[] = [];
  private running = 0;
  /** names of the tasks being dispatched right now */
  private readonly dispatching = new Set<string>();
  private tokens: number;
  private lastRefill = Date.now();
  private pumpTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    readonly name: string,
    public config: QueueConfig,
    private readonly dispatch: Dispatcher,
    private readonly onEvent: (e: TaskEvent) => void,
  ) {
    this.tokens = this.bucketSize();
  }

  private bucketSize() {
    return Math.max(1, Math.ceil(this.config.rateLimits.maxDispatchesPerSecond));
  }

  get(name: string) {
    return this.tasks.get(name);
  }

  list(): StoredTask[] {
    return [...this.tasks.values()].sort((a, b) => a.scheduleTime - b.scheduleTime || (a.name < b.name ? -1 : 1));
  }

  add(task: StoredTask) {
    this.tasks.set(task.name, task);
    this.arm(task, task.nextAttemptTime ?? task.scheduleTime);
  }

  delete(name: string): boolean {
    const task = this.tasks.get(name);
    if (!task) return false;
    this.tasks.delete(name);
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
    const i = this.ready.indexOf(task);
    if (i >= 0) this.ready.splice(i, 1);
    return true;
  }

  /**
   * Cloud Tasks' `tasks.run`: dispatches the task now, whatever its schedule time or backoff, outside the rate
   * limits; afterwards it is retried (or done) as after any dispatch. A task being dispatched is not dispatched twice.
   * Undefined for an unknown task.
   */
  runNow(name: string): StoredTask | undefined {
    const task = this.tasks.get(name);
    if (!task || this.dispatching.has(name)) return task;
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
    const i = this.ready.indexOf(task);
    if (i >= 0) this.ready.splice(i, 1);
    this.tokens = Math.max(0, this.tokens - 1);
    void this.run(task);
    return task;
  }

  /** Makes the task ready at `at` (its schedule time, or its next retry). */
  private arm(task: StoredTask, at: number) {
    clearTimeout(this.timers.get(task.name));
    const wait = at - Date.now();
    if (wait <= 0) {
      this.timers.delete(task.name);
      this.ready.push(task);
      this.pump();
      return;
    }
    const timer = setTimeout(() => this.arm(task, at), Math.min(wait, MAX_TIMER_MS));
    timer.unref?.();
    this.timers.set(task.name, timer);
  }

  private refill() {
    const now = Date.now();
    this.tokens = Math.min(
      this.bucketSize(),
      this.tokens + ((now - this.lastRefill) / 1000) * this.config.rateLimits.maxDispatchesPerSecond,
    );
    this.lastRefill = now;
  }

  private pump() {
    if (this.stopped) return;
    this.refill();
    while (this.ready.length && this.running < this.config.rateLimits.maxConcurrentDispatches && this.tokens >= 1) {
      this.tokens -= 1;
      void this.run(this.ready.shift()!);
    }
    if (this.ready.length && this.tokens < 1 && !this.pumpTimer) {
      const wait = ((1 - this.tokens) / this.config.rateLimits.maxDispatchesPerSecond) * 1000;
      this.pumpTimer = setTimeout(
        () => {
          this.pumpTimer = undefined;
          this.pump();
        },
        Math.max(1, Math.ceil(wait)),
      );
    }
  }

  private async run(task: StoredTask) {
    this.running++;
    this.dispatching.add(task.name);
    const now = Date.now();
    task.firstAttemptTime ??= now;
    const retryCount = task.dispatchCount;
    const taskId = task.name.split('/').pop()!;
    const headers: Record<string, string> = {
      'content-type': 'application/octet-stream',
      ...lowerKeys(task.httpRequest.headers),
      'user-agent': 'Google-Cloud-Tasks',
      'x-cloudtasks-queuename': this.name.split('/').pop()!,
      'x-cloudtasks-taskname': taskId,
      'x-cloudtasks-taskretrycount': String(retryCount),
      'x-cloudtasks-taskexecutioncount': String(task.responseCount),
      'x-cloudtasks-tasketa': (task.scheduleTime / 1000).toFixed(6),
    };
    if (task.lastResponseStatus !== undefined) {
      headers['x-cloudtasks-taskpreviousresponse'] = String(task.lastResponseStatus);
      headers['x-cloudtasks-taskretryreason'] = `HTTP status code ${task.lastResponseStatus}`;
    }
    task.dispatchCount++;
    this.onEvent({ type: 'dispatched', task });
    const result = await this.dispatch(task, {
      url: task.httpRequest.url,
      headers,
      body: Buffer.from(task.httpRequest.body, 'base64'),
    });
    this.running--;
    this.dispatching.delete(task.name);
    if (this.stopped || !this.tasks.has(task.name)) return;
    if (result.status !== undefined) {
      task.responseCount++;
      task.lastResponseStatus = result.status;
    }
    if (result.status !== undefined && result.status >= 200 && result.status < 300) {
      this.delete(task.name);
      this.onEvent({ type: 'done', task, status: result.status });
    } else if (retriesExhausted(this.config.retryConfig, task.dispatchCount, Date.now() - task.firstAttemptTime)) {
      this.delete(task.name);
      this.onEvent({ type: 'gaveUp', task, status: result.status });
    } else {
      const next = Date.now() + backoffSeconds(this.config.retryConfig, task.dispatchCount) * 1000;
      task.nextAttemptTime = next;
      this.onEvent({ type: 'retry', task, status: result.status, next });
      this.arm(task, next);
    }
    this.pump();
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    clearTimeout(this.pumpTimer);
  }
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), String(v)]));
}

export { DEFAULT_DEADLINE_MS };
