import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';

/** At most `limit` uses of `key` within any `windowMs` (a sliding window). */
export interface RateLimit {
  key: string;
  limit: number;
  windowMs: number;
}

/** Allowed, or refused by the first exhausted limit, with the wait until its oldest use leaves the window. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; key: string; retryAfterMs: number };

/** The reads of `prepareInTx`: its verdict, and `record()` to write the uses (after the transaction's reads). */
export interface PreparedUse {
  verdict: ThrottleVerdict;
  record(): void;
}

/**
 * Rate limits keyed by purpose and subject (`throttles/{key}`), e.g. one password-reset mail per
 * address and interval, so nobody can flood a known mailbox through a public endpoint, or a few
 * registrations per client address and mail domain per hour.
 */
export class ThrottlesRepository {
  constructor(private readonly db: Firestore) {}

  private ref(key: string): DocumentReference {
    return this.db.collection('throttles').doc(key.replace(/\//g, '%2F'));
  }

  /**
   * Forgets the recorded uses of every key that starts with `prefix` ('' for all): the tests that call a
   * throttled endpoint more often than it allows start with none recorded.
   */
  async forget(prefix = ''): Promise<void> {
    const escaped = prefix.replace(/\//g, '%2F');
    const uses = await this.db.collection('throttles').get();
    await Promise.all(uses.docs.filter((d) => d.id.startsWith(escaped)).map((d) => d.ref.delete()));
  }

  /** True when `key` was not used within `intervalMs`; the use is recorded in the same transaction. */
  tryUse(key: string, intervalMs: number, now: Date): Promise<boolean> {
    return this.db.runTransaction((tx) => this.tryUseInTx(tx, key, intervalMs, now));
  }

  /** `tryUse` inside the caller's transaction (call before its writes; it reads, then writes). */
  async tryUseInTx(tx: Transaction, key: string, intervalMs: number, now: Date): Promise<boolean> {
    const ref = this.ref(key);
    const last = toMillis((await tx.get(ref)).get('lastUsedAt'));
    if (last !== undefined && now.getTime() - last < intervalMs) return false;
    tx.set(ref, { lastUsedAt: now }, { merge: true });
    return true;
  }

  /** All limits or none: one use of each is recorded only when every limit still has room. */
  tryUseAll(limits: RateLimit[], now: Date): Promise<ThrottleVerdict> {
    return this.db.runTransaction(async (tx) => {
      const use = await this.prepareInTx(tx, limits, now);
      if (use.verdict.allowed) use.record();
      return use.verdict;
    });
  }

  /**
   * Gives back the use `tryUseAll(limits, at)` recorded (an attempt that turned out not to count, e.g. a right
   * password): one use at exactly `at` leaves each limit, when it is still there.
   */
  refund(limits: RateLimit[], at: Date): Promise<void> {
    return this.db.runTransaction(async (tx) => {
      const refs = limits.map((l) => this.ref(l.key));
      const snaps = refs.length ? await tx.getAll(...refs) : [];
      snaps.forEach((snap, i) => {
        const uses: unknown[] = Array.isArray(snap.get('uses')) ? snap.get('uses') : [];
        const index = uses.findIndex((u) => toMillis(u) === at.getTime());
        if (index >= 0) tx.set(refs[i]!, { uses: uses.filter((_, j) => j !== index) }, { merge: true });
      });
    });
  }

  /** Only the verdict, nothing recorded (a cheap pre-check before expensive work). */
  async check(limits: RateLimit[], now: Date): Promise<ThrottleVerdict> {
    const snaps = limits.length ? await this.db.getAll(...limits.map((l) => this.ref(l.key))) : [];
    return verdictOf(
      limits.map((l, i) => ({ limit: l, uses: recentUses(snaps[i]!.get('uses'), l.windowMs, now) })),
      now,
    );
  }

  /**
   * Reads the limits' documents in the caller's transaction (before its writes). `record()` then adds
   * one use to each and drops the uses that left the window; call it only when the change goes ahead.
   */
  async prepareInTx(tx: Transaction, limits: RateLimit[], now: Date): Promise<PreparedUse> {
    const refs = limits.map((l) => this.ref(l.key));
    const snaps = refs.length ? await tx.getAll(...refs) : [];
    const states = limits.map((limit, i) => ({ limit, uses: recentUses(snaps[i]!.get('uses'), limit.windowMs, now) }));
    return {
      verdict: verdictOf(states, now),
      record: () => {
        states.forEach((s, i) =>
          tx.set(refs[i]!, { uses: [...s.uses.map((ms) => new Date(ms)), now] }, { merge: true }),
        );
      },
    };
  }
}

/** The uses still inside the window, oldest first, as epoch milliseconds. */
function recentUses(value: unknown, windowMs: number, now: Date): number[] {
  if (!Array.isArray(value)) return [];
  const from = now.getTime() - windowMs;
  return value
    .map(toMillis)
    .filter((ms): ms is number => ms !== undefined && ms > from)
    .sort((a, b) => a - b);
}

function verdictOf(states: Array<{ limit: RateLimit; uses: number[] }>, now: Date): ThrottleVerdict {
  for (const { limit, uses } of states) {
    if (uses.length < limit.limit) continue;
    // Room again when enough of the oldest uses have left the window.
    const freeing = uses[uses.length - limit.limit]!;
    return { allowed: false, key: limit.key, retryAfterMs: Math.max(1000, freeing + limit.windowMs - now.getTime()) };
  }
  return { allowed: true };
}

function toMillis(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  const toMs = (value as { toMillis?: unknown } | null)?.toMillis;
  return typeof toMs === 'function' ? (toMs.call(value) as number) : undefined;
}
