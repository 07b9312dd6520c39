// The Firestore engine: the emulator's state (store, clock, locks, transactions, index enforcement, listeners),
// reads in a transaction or at a read time, and the transaction RPCs. The other RPCs, independent of the
// transport: reads.ts, run-query.ts, commits.ts, listen.ts (grpc-handlers.ts maps them onto gRPC).
import { IndexEnforcement, type IndexMode } from './indexes.js';
import { invalid } from './errors.js';
import { LockManager } from './locks.js';
import { Store, checkDocName, dbRoot } from './store.js';
import { Transactions, type Transaction, type TransactionOptions } from './transactions.js';
import { Clock, fromTimestamp } from './wire.js';

export interface EngineOptions {
  lockTimeoutMs?: number;
  txIdleTimeoutMs?: number;
  /** firestore.indexes.json to enforce (re-read when it changes); without it only automatic indexes exist. */
  indexFile?: string;
  /** enforce: refuse queries without an index (FAILED_PRECONDITION); warn: log once and answer; off (default). */
  indexMode?: IndexMode;
  /**
   * Collections with fewer documents are scanned, larger ones use sorted field indexes (field-index.ts); default
   * 2000, or FIRESTORE_FIELD_INDEX_MIN_DOCS (0 runs a conformance suite through the indexes).
   */
  fieldIndexMinDocs?: number;
}

export type Bytes = Uint8Array | undefined;
export interface ReadSelector {
  transaction?: Bytes;
  newTransaction?: TransactionOptions;
  readTime?: unknown;
  /** Set by the transport when the client cancels the call. */
  signal?: AbortSignal;
}
export interface ReadCtx {
  tx?: Transaction;
  newTx?: Transaction;
  readTime?: number;
}

/** The emulator's state, shared by every RPC; reads run through `withRead`. */
export class Engine {
  readonly store: Store;
  readonly clock = new Clock();
  readonly locks: LockManager;
  readonly txs: Transactions;
  /** Closers of open Listen streams. */
  readonly listens = new Set<() => void>();
  /** firestore.indexes.json and its enforcement: which indexes served queries, which ones queries lacked. */
  readonly indexes: IndexEnforcement;
  /**
   * Billable operations so far, counted like production (`GET /emulator/v1/stats`, for benches): `reads` =
   * documents requested by gets (found or not), returned by queries (at least one per query) and one per
   * aggregation per 1 000 entries; `writes` = writes applied by commits, batch writes and single writes (through Commit).
   */
  readonly ops = { reads: 0, writes: 0 };

  constructor(opts: EngineOptions = {}) {
    const envMin = process.env.FIRESTORE_FIELD_INDEX_MIN_DOCS;
    this.store = new Store(opts.fieldIndexMinDocs ?? (envMin ? Number(envMin) : undefined));
    this.indexes = new IndexEnforcement(opts.indexMode ?? 'off', opts.indexFile);
    this.locks = new LockManager(opts.lockTimeoutMs ?? 5000);
    this.txs = new Transactions(this.locks, opts.txIdleTimeoutMs ?? 60_000, () => this.clock.readNow());
    this.pruner = setInterval(() => this.store.pruneHistory(this.clock.readNow()), 30_000);
    this.pruner.unref();
  }
  private readonly pruner: NodeJS.Timeout;

  private openRead(sel: ReadSelector, root: string): ReadCtx {
    if (sel.transaction && sel.transaction.length) {
      const tx = this.txs.get(sel.transaction, root);
      return { tx, readTime: tx.readTime };
    }
    if (sel.newTransaction) {
      const tx = this.txs.begin(root, sel.newTransaction, fromTimestamp);
      return { tx, newTx: tx, readTime: tx.readTime };
    }
    if (sel.readTime) return { readTime: fromTimestamp(sel.readTime) };
    return {};
  }

  /** Runs a read; a transaction begun by this read is ended again if the read fails. */
  async withRead<T>(sel: ReadSelector, root: string, fn: (ctx: ReadCtx) => Promise<T>): Promise<T> {
    const ctx = this.openRead(sel, root);
    // a cancelled call never delivers the new transaction's id, so nobody could release its locks
    const onAbort = () => ctx.newTx && this.txs.finish(ctx.newTx);
    sel.signal?.addEventListener('abort', onAbort);
    try {
      return await fn(ctx);
    } catch (e) {
      if (ctx.newTx) this.txs.finish(ctx.newTx);
      throw e;
    } finally {
      sel.signal?.removeEventListener('abort', onAbort);
    }
  }

  beginTransaction(req: { database: string; options?: TransactionOptions }) {
    const tx = this.txs.begin(req.database + '/documents', req.options, fromTimestamp);
    return { transaction: tx.id };
  }

  rollback(req: { database: string; transaction?: Bytes }) {
    if (!req.transaction?.length) throw invalid('transaction is required.');
    this.txs.rollback(req.transaction);
    return {};
  }

  /** Reset endpoint: drop all documents and transactions of one database. */
  reset(root: string): void {
    this.txs.clear(root);
    this.store.clear(root);
  }

  close(): void {
    for (const close of [...this.listens]) close();
    clearInterval(this.pruner);
    this.txs.close();
  }
}

/** Validates a query/list parent (a database root or a document) and returns the database root. */
export function checkParent(parent: string): string {
  if (!parent) throw invalid('parent is required.');
  const root = dbRoot(parent);
  if (!/^projects\/[^/]+\/databases\/[^/]+\/documents$/.test(root)) throw invalid(`Invalid parent "${parent}".`);
  if (parent !== root) checkDocName(parent);
  return root;
}
