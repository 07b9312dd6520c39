import { randomBytes } from 'node:crypto';
import { RpcError, aborted, invalid } from './errors.js';
import { type LockManager, newOwner, nextSeq, type LockOwner } from './locks.js';
import { status } from '@grpc/grpc-js';

export interface Transaction {
  readonly id: Buffer;
  readonly key: string;
  readonly root: string;
  readonly readOnly: boolean;
  /** Snapshot time for read-only transactions (microseconds); read-write ones read the latest data. */
  readonly readTime?: number;
  readonly owner: LockOwner;
  lastActive: number;
}

export interface TransactionOptions {
  readOnly?: { readTime?: { seconds?: string | number; nanos?: number } };
  readWrite?: { retryTransaction?: Uint8Array };
}

/** Tracks open transactions, their locks, and expires idle ones. */
export class Transactions {
  private readonly open = new Map<string, Transaction>();
  /** Age of recently finished transactions, so a retry keeps its priority in deadlock resolution. */
  private readonly retired = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    readonly locks: LockManager,
    private readonly idleTimeoutMs: number,
    private readonly now: () => number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(5000, idleTimeoutMs / 2));
    this.sweeper.unref();
  }

  begin(root: string, opts: TransactionOptions | undefined, readTimeOf: (t: unknown) => number): Transaction {
    const id = randomBytes(16);
    const key = id.toString('base64');
    const readOnly = !!opts?.readOnly;
    let seq: number | undefined;
    const retry = opts?.readWrite?.retryTransaction;
    if (retry && retry.length) {
      const rk = Buffer.from(retry).toString('base64');
      const prev = this.open.get(rk);
      if (prev) {
        seq = prev.owner.seq;
        this.finish(prev);
      } else seq = this.retired.get(rk);
    }
    const tx: Transaction = {
      id,
      key,
      root,
      readOnly,
      readTime: readOnly ? (opts?.readOnly?.readTime ? readTimeOf(opts.readOnly.readTime) : this.now()) : undefined,
      owner: newOwner(key, seq ?? nextSeq()),
      lastActive: Date.now(),
    };
    this.open.set(key, tx);
    return tx;
  }

  /** Looks up a transaction for a read or commit; expired or unknown ids answer like production. */
  get(id: Uint8Array, root: string): Transaction {
    const key = Buffer.from(id).toString('base64');
    const tx = this.open.get(key);
    if (!tx) {
      if (this.retired.has(key))
        throw aborted('Transaction has already been committed, rolled back or aborted; retry.');
      throw new RpcError(
        status.INVALID_ARGUMENT,
        'The referenced transaction has expired or is no longer valid (transaction has expired).',
      );
    }
    if (tx.root !== root) throw invalid('Transaction belongs to a different database.');
    if (tx.owner.abortedReason) throw aborted(tx.owner.abortedReason);
    tx.lastActive = Date.now();
    return tx;
  }

  /** Ends a transaction (commit, rollback, abort) and releases its locks. */
  finish(tx: Transaction): void {
    this.locks.releaseAll(tx.owner);
    if (this.open.delete(tx.key)) {
      this.retired.set(tx.key, tx.owner.seq);
      if (this.retired.size > 10_000) this.retired.delete(this.retired.keys().next().value!);
    }
  }

  rollback(id: Uint8Array): void {
    const tx = this.open.get(Buffer.from(id).toString('base64'));
    if (tx) this.finish(tx);
  }

  private sweep(): void {
    const cutoff = Date.now() - this.idleTimeoutMs;
    for (const tx of this.open.values()) {
      // a transaction waiting for a lock is not idle; its wait has its own timeout
      if (tx.lastActive < cutoff && !tx.owner.waiter) {
        this.locks.abort(tx.owner, 'Transaction expired after being idle; retry.');
        this.finish(tx);
        this.retired.delete(tx.key); // later use answers "transaction has expired", which clients retry
      }
    }
  }

  /** Ends all transactions of a database (used by the reset endpoint). */
  clear(root: string): void {
    for (const tx of [...this.open.values()])
      if (tx.root === root) {
        this.locks.abort(tx.owner, 'Database was reset; retry.');
        this.finish(tx);
      }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const tx of [...this.open.values()]) this.finish(tx);
  }

  get openCount(): number {
    return this.open.size;
  }
}
