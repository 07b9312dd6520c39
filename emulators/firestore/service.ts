import { aggregate, aggregatedFields, type Aggregation } from './aggregate.js';
import {
  IndexConfig,
  IndexUsage,
  canonicalPath,
  chooseIndexes,
  explainIndexes,
  requirements,
  type IndexMode,
  type IndexUse,
} from './indexes.js';
import { randomInt } from 'node:crypto';
import { failedPrecondition, invalid, notFound, toServiceError } from './errors.js';
import { LockManager, collectionLockKey, groupLockKey, newOwner, writeLockKeys } from './locks.js';
import { execute } from './execute.js';
import { plan, type Plan, type StructuredQuery } from './query.js';
import { Store, checkDocName, dbRoot } from './store.js';
import { Transactions, type Transaction, type TransactionOptions } from './transactions.js';
import { parseFieldPath } from './field-paths.js';
import { compareStrings, type Fields } from './values.js';
import { Clock, docToProto, fromTimestamp, toTimestamp } from './wire.js';
import { MAX_WRITES_PER_COMMIT, applyWrites, validateWrite, writeTarget, type Write } from './writes.js';

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

interface ExplainOptions {
  analyze?: boolean;
}

/** google.protobuf.Struct in proto-loader's object form. */
function toStruct(o: Record<string, unknown>): object {
  const fields: Record<string, object> = {};
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'string') fields[k] = { stringValue: v };
    else if (typeof v === 'number') fields[k] = { numberValue: v };
    else if (v && typeof v === 'object') fields[k] = { structValue: toStruct(v as Record<string, unknown>) };
  }
  return { fields };
}

function planSummary(uses: IndexUse[]) {
  return { indexesUsed: explainIndexes(uses).map(toStruct) };
}

function executionStats(results: number, readOps: number, scanned: number, startNs: bigint) {
  const ns = process.hrtime.bigint() - startNs;
  return {
    resultsReturned: String(results),
    executionDuration: { seconds: String(ns / 1_000_000_000n), nanos: Number(ns % 1_000_000_000n) },
    readOperations: String(readOps),
    debugStats: toStruct({ documents_scanned: String(scanned), index_entries_scanned: String(scanned) }),
  };
}

type Bytes = Uint8Array | undefined;
interface ReadSelector {
  transaction?: Bytes;
  newTransaction?: TransactionOptions;
  readTime?: unknown;
  /** Set by the transport when the client cancels the call. */
  signal?: AbortSignal;
}
interface ReadCtx {
  tx?: Transaction;
  newTx?: Transaction;
  readTime?: number;
}

let tempOwners = 0;

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const autoId = () => Array.from({ length: 20 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('');

/** The emulator's state and the semantics of each RPC, independent of the transport. */
export class Engine {
  readonly store: Store;
  readonly clock = new Clock();
  readonly locks: LockManager;
  readonly txs: Transactions;
  /** Closers of open Listen streams. */
  readonly listens = new Set<() => void>();
  readonly indexMode: IndexMode;
  readonly indexConfig: IndexConfig | null;
  /** Which composite indexes served queries, and which indexes queries lacked. */
  readonly indexUsage = new IndexUsage();
  /**
   * Billable operations so far, counted like production (`GET /emulator/v1/stats`, for benches): `reads` =
   * documents requested by gets (found or not), returned by queries (at least one per query) and one per
   * aggregation per 1 000 entries; `writes` = writes applied by commits, batch writes and single writes (through Commit).
   */
  readonly ops = { reads: 0, writes: 0 };
  private readonly warned = new Set<string>();

  constructor(opts: EngineOptions = {}) {
    const envMin = process.env.FIRESTORE_FIELD_INDEX_MIN_DOCS;
    this.store = new Store(opts.fieldIndexMinDocs ?? (envMin ? Number(envMin) : undefined));
    this.indexMode = opts.indexMode ?? 'off';
    this.indexConfig = opts.indexFile ? new IndexConfig(opts.indexFile) : null;
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
  private async withRead<T>(sel: ReadSelector, root: string, fn: (ctx: ReadCtx) => Promise<T>): Promise<T> {
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

  async batchGet(
    req: { database: string; documents?: string[]; mask?: { fieldPaths?: string[] } } & ReadSelector,
    write: (m: object) => void,
  ) {
    const root = req.database + '/documents';
    const names = req.documents ?? [];
    for (const n of names) {
      checkDocName(n);
      if (dbRoot(n) !== root) throw invalid(`Document "${n}" is not in database "${req.database}".`);
    }
    const mask = req.mask ? (req.mask.fieldPaths ?? []).map(parseFieldPath) : undefined;
    await this.withRead(req, root, async (ctx) => {
      if (ctx.tx && !ctx.tx.readOnly) await this.locks.acquireAll(ctx.tx.owner, names);
      const readTime = toTimestamp(ctx.readTime ?? this.clock.readNow());
      const out = names.map((name, i) => {
        const doc = this.store.getAt(name, ctx.readTime);
        const m: Record<string, unknown> = doc ? { found: docToProto(doc, mask) } : { missing: name };
        m.readTime = readTime;
        if (i === 0 && ctx.newTx) m.transaction = ctx.newTx.id;
        return m;
      });
      if (out.length === 0 && ctx.newTx) out.push({ transaction: ctx.newTx.id, readTime });
      this.ops.reads += names.length;
      out.forEach(write);
    });
  }

  /**
   * The indexes production would use for a planned query. In enforce mode a query without one fails
   * with FAILED_PRECONDITION naming the index to add; in warn mode that message is logged (once per
   * index) and the query runs. `force` computes the plan for explain even when enforcement is off.
   */
  checkIndexes(q: StructuredQuery, p: Plan, aggs: Aggregation[] = [], force = false): IndexUse[] {
    if (this.indexMode === 'off' && !force) return [];
    let file = { indexes: [], fieldOverrides: [] } as ReturnType<IndexConfig['current']>;
    if (this.indexConfig) {
      try {
        file = this.indexConfig.current();
      } catch (e) {
        if (this.indexMode === 'enforce') throw e;
      }
    }
    const vector = p.nearest ? { path: canonicalPath(p.nearest.path), dimension: p.nearest.query.length } : undefined;
    const d = chooseIndexes(file, requirements(q, p.orderSpec, aggregatedFields(aggs), vector, aggs.length > 0));
    if (d.ok) {
      this.indexUsage.record(d.uses);
      return d.uses;
    }
    if (this.indexMode === 'off') return [];
    this.indexUsage.recordMissing(d.missing);
    if (this.indexMode === 'enforce') throw failedPrecondition(d.message);
    if (!this.warned.has(d.message)) {
      this.warned.add(d.message);
      console.warn(`[firestore-emulator] index missing (would fail in production): ${d.message}`);
    }
    return [];
  }

  /** Runs a query; read-write transactions lock the returned documents (re-running after waits). */
  private async queryDocs(
    parent: string,
    q: StructuredQuery | undefined,
    ctx: ReadCtx,
    unordered = false,
    aggs: Aggregation[] = [],
    explain = false,
  ) {
    if (!q) throw invalid('structuredQuery is required.');
    let p = plan(this.store, parent, q);
    const uses = this.checkIndexes(q, p, aggs, explain);
    if (ctx.tx && !ctx.tx.readOnly) {
      // phantom protection: hold the queried collection (group) until commit, before reading it
      const { collectionId = '', allDescendants = false } = q.from![0]!;
      const key = allDescendants
        ? groupLockKey(dbRoot(parent), collectionId)
        : collectionLockKey(`${parent}/${collectionId}`);
      const r = this.locks.acquire(ctx.tx.owner, key);
      if (r !== true) {
        await r;
        p = plan(this.store, parent, q); // collection groups may have gained collections meanwhile
      }
    }
    let docs = execute(this.store, p, ctx.readTime, unordered);
    if (ctx.tx && !ctx.tx.readOnly) {
      for (let attempt = 0; attempt < 10; attempt++) {
        let waited = false;
        for (const d of docs) {
          const r = this.locks.acquire(ctx.tx.owner, d.name);
          if (r !== true) {
            waited = true;
            await r;
          }
        }
        if (!waited) break;
        docs = execute(this.store, plan(this.store, parent, q), ctx.readTime, unordered);
      }
    }
    return { docs, projection: p.projection, uses };
  }

  /** Explain without analyze: only the plan, nothing is read. */
  private explainOnly(parent: string, q: StructuredQuery | undefined, aggs: Aggregation[] = []) {
    if (!q) throw invalid('structuredQuery is required.');
    return { planSummary: planSummary(this.checkIndexes(q, plan(this.store, parent, q), aggs, true)) };
  }

  async runQuery(
    req: { parent: string; structuredQuery?: StructuredQuery; explainOptions?: ExplainOptions } & ReadSelector,
    write: (m: object) => void,
  ) {
    const root = checkParent(req.parent);
    if (req.explainOptions && !req.explainOptions.analyze) {
      // like production: plan only, no documents and no read time
      write({ explainMetrics: this.explainOnly(req.parent, req.structuredQuery) });
      return;
    }
    const start = process.hrtime.bigint();
    await this.withRead(req, root, async (ctx) => {
      const { docs, projection, uses } = await this.queryDocs(
        req.parent,
        req.structuredQuery,
        ctx,
        false,
        [],
        !!req.explainOptions,
      );
      const readTime = toTimestamp(ctx.readTime ?? this.clock.readNow());
      const tx = ctx.newTx?.id;
      this.ops.reads += Math.max(1, docs.length);
      // With analyze, production sends the metrics on the response carrying the last document (one response
      // per document); an empty result gets one response holding only them.
      const metrics = () => ({
        planSummary: planSummary(uses),
        executionStats: executionStats(docs.length, Math.max(1, docs.length), docs.length, start),
      });
      if (docs.length === 0) {
        write(
          req.explainOptions
            ? { readTime, transaction: tx, explainMetrics: metrics() }
            : { readTime, transaction: tx, done: true },
        );
      }
      docs.forEach((d, i) =>
        write({
          document: docToProto(d, projection),
          readTime,
          transaction: i === 0 ? tx : undefined,
          explainMetrics: req.explainOptions && i === docs.length - 1 ? metrics() : undefined,
        }),
      );
    });
  }

  async runAggregation(
    req: {
      parent: string;
      structuredAggregationQuery?: { structuredQuery?: StructuredQuery; aggregations?: Aggregation[] };
      explainOptions?: ExplainOptions;
    } & ReadSelector,
    write: (m: object) => void,
  ) {
    const root = checkParent(req.parent);
    const agg = req.structuredAggregationQuery;
    if (!agg) throw invalid('structuredAggregationQuery is required.');
    const aggs = agg.aggregations ?? [];
    if (req.explainOptions && !req.explainOptions.analyze) {
      write({ explainMetrics: this.explainOnly(req.parent, agg.structuredQuery, aggs) });
      return;
    }
    const start = process.hrtime.bigint();
    await this.withRead(req, root, async (ctx) => {
      const { docs, uses } = await this.queryDocs(
        req.parent,
        agg.structuredQuery,
        ctx,
        true,
        aggs,
        !!req.explainOptions,
      );
      const readTime = toTimestamp(ctx.readTime ?? this.clock.readNow());
      const result = { aggregateFields: aggregate(docs, aggs) };
      // aggregations bill one read per batch of up to 1000 index entries, at least one
      this.ops.reads += Math.max(1, Math.ceil(docs.length / 1000));
      const explainMetrics = req.explainOptions
        ? {
            planSummary: planSummary(uses),
            executionStats: executionStats(1, Math.max(1, Math.ceil(docs.length / 1000)), docs.length, start),
          }
        : undefined;
      write({ result, readTime, transaction: ctx.newTx?.id, explainMetrics });
    });
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

  async commit(req: { database: string; writes?: Write[]; transaction?: Bytes }) {
    const root = req.database + '/documents';
    const writes = req.writes ?? [];
    if (writes.length > MAX_WRITES_PER_COMMIT)
      throw invalid(`A commit may contain at most ${MAX_WRITES_PER_COMMIT} writes.`);
    const tx = req.transaction?.length ? this.txs.get(req.transaction, root) : undefined;
    if (tx?.readOnly) {
      this.txs.finish(tx);
      if (writes.length) throw invalid('Cannot write in a read-only transaction.');
    }
    const owner = tx && !tx.readOnly ? tx.owner : newOwner(`commit-${++tempOwners}`);
    try {
      writes.forEach((w) => validateWrite(w, root));
      await this.locks.acquireAll(
        owner,
        writes.flatMap((w) => writeLockKeys(writeTarget(w))),
      );
      const commitTime = this.clock.next();
      const writeResults = applyWrites(this.store, writes, commitTime);
      this.ops.writes += writes.length;
      return { writeResults, commitTime: toTimestamp(commitTime) };
    } finally {
      // a commit ends its transaction whether it succeeded or not, like production
      if (tx) this.txs.finish(tx);
      else this.locks.releaseAll(owner);
    }
  }

  /** Non-atomic: every write is applied on its own and reports its own status. */
  async batchWrite(req: { database: string; writes?: Write[] }) {
    const root = req.database + '/documents';
    const writes = req.writes ?? [];
    if (writes.length > MAX_WRITES_PER_COMMIT)
      throw invalid(`A batch write may contain at most ${MAX_WRITES_PER_COMMIT} writes.`);
    const writeResults: object[] = [];
    const statuses: object[] = [];
    for (const w of writes) {
      const owner = newOwner(`batch-${++tempOwners}`);
      try {
        validateWrite(w, root);
        await this.locks.acquireAll(owner, writeLockKeys(writeTarget(w)));
        const [r] = applyWrites(this.store, [w], this.clock.next());
        this.ops.writes++;
        writeResults.push(r!);
        statuses.push({ code: 0 });
      } catch (e) {
        const err = toServiceError(e);
        writeResults.push({});
        statuses.push({ code: err.code, message: err.details });
      } finally {
        this.locks.releaseAll(owner);
      }
    }
    return { writeResults, status: statuses };
  }

  async listDocuments(
    req: {
      parent: string;
      collectionId?: string;
      pageSize?: number;
      pageToken?: string;
      mask?: { fieldPaths?: string[] };
      showMissing?: boolean;
    } & ReadSelector,
  ) {
    const root = checkParent(req.parent);
    if (!req.collectionId) throw invalid('collectionId is required.');
    const coll = `${req.parent}/${req.collectionId}`;
    const mask = req.mask ? (req.mask.fieldPaths ?? []).map(parseFieldPath) : undefined;
    return this.withRead(req, root, async (ctx) => {
      const entries: { id: string; doc?: object }[] = [];
      for (const d of this.store.scanCollection(coll, ctx.readTime))
        entries.push({ id: d.name.slice(coll.length + 1), doc: docToProto(d, mask) });
      if (req.showMissing) for (const id of this.store.missingParentsIn(coll)) entries.push({ id });
      entries.sort((a, b) => compareStrings(a.id, b.id));
      const after = req.pageToken ? Buffer.from(req.pageToken, 'base64').toString('utf8') : undefined;
      const start = after === undefined ? 0 : entries.findIndex((e) => compareStrings(e.id, after) > 0);
      const size = req.pageSize && req.pageSize > 0 ? req.pageSize : 300;
      const page = start < 0 ? [] : entries.slice(start, start + size);
      const more = start >= 0 && start + size < entries.length;
      return {
        documents: page.map((e) => e.doc ?? { name: `${coll}/${e.id}` }),
        nextPageToken: more ? Buffer.from(page[page.length - 1]!.id).toString('base64') : '',
      };
    });
  }

  listCollectionIds(req: { parent: string; pageSize?: number; pageToken?: string }) {
    checkParent(req.parent);
    const ids = this.store.collectionIdsUnder(req.parent).sort(compareStrings);
    const start = req.pageToken ? ids.findIndex((id) => compareStrings(id, req.pageToken!) > 0) : 0;
    const size = req.pageSize && req.pageSize > 0 ? req.pageSize : 1000;
    const page = start < 0 ? [] : ids.slice(start, start + size);
    const more = start >= 0 && start + size < ids.length;
    return { collectionIds: page, nextPageToken: more ? page[page.length - 1]! : '' };
  }

  // ---- single-document RPCs (not used by the Node client, but by other clients and tools) ----

  async getDocument(req: { name: string; mask?: { fieldPaths?: string[] } } & ReadSelector) {
    checkDocName(req.name);
    const root = dbRoot(req.name);
    const mask = req.mask ? (req.mask.fieldPaths ?? []).map(parseFieldPath) : undefined;
    return this.withRead(req, root, async (ctx) => {
      if (ctx.tx && !ctx.tx.readOnly) await this.locks.acquireAll(ctx.tx.owner, [req.name]);
      this.ops.reads++;
      const doc = this.store.getAt(req.name, ctx.readTime);
      if (!doc) throw notFound(`Document "${req.name}" not found.`);
      return docToProto(doc, mask);
    });
  }

  private async writeOne(root: string, write: Write, mask?: { fieldPaths?: string[] }) {
    await this.commit({ database: root.slice(0, -'/documents'.length), writes: [write] });
    const name = writeTarget(write);
    const doc = this.store.get(name);
    return doc ? docToProto(doc, mask ? (mask.fieldPaths ?? []).map(parseFieldPath) : undefined) : {};
  }

  createDocument(req: {
    parent: string;
    collectionId: string;
    documentId?: string;
    document?: { fields?: Fields };
    mask?: { fieldPaths?: string[] };
  }) {
    const root = checkParent(req.parent);
    const name = `${req.parent}/${req.collectionId}/${req.documentId || autoId()}`;
    return this.writeOne(
      root,
      { update: { name, fields: req.document?.fields ?? {} }, currentDocument: { exists: false } },
      req.mask,
    );
  }

  updateDocument(req: Write & { document?: { name?: string; fields?: Fields }; mask?: { fieldPaths?: string[] } }) {
    const name = req.document?.name ?? '';
    checkDocName(name);
    return this.writeOne(
      dbRoot(name),
      { update: req.document, updateMask: req.updateMask, currentDocument: req.currentDocument },
      req.mask,
    );
  }

  async deleteDocument(req: { name: string; currentDocument?: Write['currentDocument'] }) {
    checkDocName(req.name);
    await this.writeOne(dbRoot(req.name), { delete: req.name, currentDocument: req.currentDocument });
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
