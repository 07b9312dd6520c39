/**
 * Settings of the one Cloud Tasks queue behind every background task (README.md, "Queue settings").
 * The queue is the function's own: Cloud Tasks names it after the function, in the function's region.
 */

/** The exported function name (functions/src/index.ts) and with it the queue id. */
export const TASK_FUNCTION_NAME = 'backgroundTasks';

/**
 * Retries of a delivery that failed (non-2xx): a crash, a transient Firestore/Auth error, or a lease
 * held by another delivery. Backoff 2 s, 4 s, … up to 5 min: the last attempt comes ~13 min after the
 * first, longer than a lease, so a delivery that found the lease held can take it over when expired.
 */
export const TASK_RETRY_CONFIG = {
  maxAttempts: 10,
  minBackoffSeconds: 2,
  maxBackoffSeconds: 300,
  maxDoublings: 5,
} as const;

/** Few deliveries at once: the tasks share Firestore and Auth quotas with the API. */
export const TASK_RATE_LIMITS = {
  maxConcurrentDispatches: 6,
  maxDispatchesPerSecond: 10,
} as const;

/** The function's timeout: well above one delivery's budget plus one chunk. */
export const TASK_TIMEOUT_SECONDS = 300;
/**
 * Memory of the task function. Node sizes V8's heap from it (old generation a quarter: 256 MB); the article import's
 * bench runs the function with that heap and peaks at ≈ 275 MB for 100 000 CSV rows, 343–375 MB for the same rows as
 * .xlsx (staged in its first chunk). 256 MiB (the default) would not hold the .xlsx staging; 1 GiB also gives the
 * instance a whole vCPU on Cloud Run functions (docs/decisions-imports.md "Function memory").
 */
export const TASK_MEMORY = '1GiB' as const;

/** A delivery stops taking new chunks after this long and hands on to a fresh delivery. */
export const DELIVERY_BUDGET_MS = 60_000;
/** Chunks per delivery unless the kind says otherwise. */
export const DEFAULT_CHUNKS_PER_DELIVERY = 20;
/** A lease lasts this long after each claim or chunk; one chunk must end well within it. */
export const TASK_LEASE_MS = 120_000;
/** A task whose lease (or queued state) is older than this margin counts as stalled (recoverStalled). */
export const STALL_GRACE_MS = 10 * 60_000;
