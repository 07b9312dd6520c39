// RunQuery and RunAggregationQuery: a query planned, checked against the indexes, run (locking in read-write
// transactions) and streamed back, with explain metrics on request.
import { aggregate, aggregateCounts, onlyCounts, type Aggregation } from './aggregate.js';
import { servedCount } from './composite-query.js';
import { invalid } from './errors.js';
import { execute } from './execute.js';
import { executionStats, planSummary, type ExplainOptions } from './explain.js';
import { collectionLockKey, groupLockKey } from './locks.js';
import { plan, type StructuredQuery } from './query.js';
import { checkParent, type Engine, type ReadCtx, type ReadSelector } from './service.js';
import { dbRoot } from './store.js';
import { docToProto, toTimestamp } from './wire.js';

/** Runs a query; read-write transactions lock the returned documents (re-running after waits). */
async function queryDocs(
  engine: Engine,
  parent: string,
  q: StructuredQuery | undefined,
  ctx: ReadCtx,
  unordered = false,
  aggs: Aggregation[] = [],
  explain = false,
) {
  if (!q) throw invalid('structuredQuery is required.');
  let p = plan(engine.store, parent, q);
  const uses = engine.indexes.check(q, p, aggs, explain);
  if (ctx.tx && !ctx.tx.readOnly) {
    // phantom protection: hold the queried collection (group) until commit, before reading it
    const { collectionId = '', allDescendants = false } = q.from![0]!;
    const key = allDescendants
      ? groupLockKey(dbRoot(parent), collectionId)
      : collectionLockKey(`${parent}/${collectionId}`);
    const r = engine.locks.acquire(ctx.tx.owner, key);
    if (r !== true) {
      await r;
      p = plan(engine.store, parent, q); // collection groups may have gained collections meanwhile
    }
  }
  if (onlyCounts(aggs) && !(ctx.tx && !ctx.tx.readOnly)) {
    // counted from a composite index's entries, no document touched (read-write transactions lock the matches)
    const count = servedCount(engine.store, p, ctx.readTime);
    if (count !== undefined) return { docs: [], count, projection: p.projection, uses };
  }
  let docs = execute(engine.store, p, ctx.readTime, unordered);
  if (ctx.tx && !ctx.tx.readOnly) {
    for (let attempt = 0; attempt < 10; attempt++) {
      let waited = false;
      for (const d of docs) {
        const r = engine.locks.acquire(ctx.tx.owner, d.name);
        if (r !== true) {
          waited = true;
          await r;
        }
      }
      if (!waited) break;
      docs = execute(engine.store, plan(engine.store, parent, q), ctx.readTime, unordered);
    }
  }
  return { docs, count: undefined, projection: p.projection, uses };
}

/** Explain without analyze: only the plan, nothing is read. */
function explainOnly(engine: Engine, parent: string, q: StructuredQuery | undefined, aggs: Aggregation[] = []) {
  if (!q) throw invalid('structuredQuery is required.');
  return { planSummary: planSummary(engine.indexes.check(q, plan(engine.store, parent, q), aggs, true)) };
}

export async function runQuery(
  engine: Engine,
  req: { parent: string; structuredQuery?: StructuredQuery; explainOptions?: ExplainOptions } & ReadSelector,
  write: (m: object) => void,
) {
  const root = checkParent(req.parent);
  if (req.explainOptions && !req.explainOptions.analyze) {
    // like production: plan only, no documents and no read time
    write({ explainMetrics: explainOnly(engine, req.parent, req.structuredQuery) });
    return;
  }
  const start = process.hrtime.bigint();
  await engine.withRead(req, root, async (ctx) => {
    const { docs, projection, uses } = await queryDocs(
      engine,
      req.parent,
      req.structuredQuery,
      ctx,
      false,
      [],
      !!req.explainOptions,
    );
    const readTime = toTimestamp(ctx.readTime ?? engine.clock.readNow());
    const tx = ctx.newTx?.id;
    engine.ops.reads += Math.max(1, docs.length);
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

export async function runAggregation(
  engine: Engine,
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
    write({ explainMetrics: explainOnly(engine, req.parent, agg.structuredQuery, aggs) });
    return;
  }
  const start = process.hrtime.bigint();
  await engine.withRead(req, root, async (ctx) => {
    const { docs, count, uses } = await queryDocs(
      engine,
      req.parent,
      agg.structuredQuery,
      ctx,
      true,
      aggs,
      !!req.explainOptions,
    );
    const readTime = toTimestamp(ctx.readTime ?? engine.clock.readNow());
    const n = count ?? docs.length;
    const result = { aggregateFields: count !== undefined ? aggregateCounts(count, aggs) : aggregate(docs, aggs) };
    // aggregations bill one read per batch of up to 1000 index entries, at least one
    engine.ops.reads += Math.max(1, Math.ceil(n / 1000));
    const explainMetrics = req.explainOptions
      ? {
          planSummary: planSummary(uses),
          executionStats: executionStats(1, Math.max(1, Math.ceil(n / 1000)), n, start),
        }
      : undefined;
    write({ result, readTime, transaction: ctx.newTx?.id, explainMetrics });
  });
}
