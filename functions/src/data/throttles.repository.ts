import type { Firestore, Timestamp } from 'firebase-admin/firestore';

/**
 * Rate limits keyed by purpose and subject (`throttles/{key}`), e.g. one password-reset mail per
 * address and interval, so nobody can flood a known mailbox through a public endpoint.
 */
export class ThrottlesRepository {
  constructor(private readonly db: Firestore) {}

  /** True when `key` was not used within `intervalMs`; the use is recorded in the same transaction. */
  tryUse(key: string, intervalMs: number, now: Date): Promise<boolean> {
    const ref = this.db.collection('throttles').doc(key.replace(/\//g, '%2F'));
    return this.db.runTransaction(async (tx) => {
      const last: unknown = (await tx.get(ref)).get('lastUsedAt');
      if (isTimestamp(last) && now.getTime() - last.toMillis() < intervalMs) return false;
      tx.set(ref, { lastUsedAt: now });
      return true;
    });
  }
}

function isTimestamp(value: unknown): value is Timestamp {
  return typeof (value as { toMillis?: unknown } | null)?.toMillis === 'function';
}
