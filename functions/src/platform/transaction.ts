import type { Firestore, Transaction } from 'firebase-admin/firestore';

/**
 * Runs `fn` in a Firestore transaction (retried on contention, so `fn` must be repeatable: reads first,
 * then writes, and no side effects that a retry would double).
 */
export type RunTransaction = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

export function transactionRunner(db: Firestore): RunTransaction {
  return (fn) => db.runTransaction(fn);
}
