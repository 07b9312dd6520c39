// In-process benchmark of the composite indexes (composite-index.ts) at 100 000 enquiry-shaped documents: heap
// with and without them, the page and count() of the enquiry list, a deep page, and a write burst into built
// indexes. No gRPC: the engine's own cost.
import { gcHandle } from '../shared/gc.js';
import { servedCount } from './composite-query.js';
import { execute } from './execute.js';
import { plan, type StructuredQuery } from './query.js';
import { Store, type Doc } from './store.js';
import type { Value } from './values.js';
import type { BenchRow } from '../../scripts/bench-types.js';

const ROOT = 'projects/demo-bench/databases/(default)/documents';
const COLL = `${ROOT}/enquiries`;
const FIRST = ['Schaltschrank', 'Steuerschrank', 'Verteiler', 'Bedienpult'];
const SECOND = ['Presse', 'Förderband', 'Lackieranlage', 'Waschanlage', 'Halle', 'Prüfstand', 'Roboterzelle'];

/** The search tokens of a title: prefixes (up to 20 characters) of each word suffix (data/search-tokens.ts). */
function tokens(title: string): string[] {
  const words = title
    .toLowerCase()
    .split(/[^a-z0-9äöü]+/)
    .filter(Boolean);
  const out = new Set<string>();
  for (let s = 0; s < words.length; s++) {
    const run = words.slice(s).join(' ').slice(0, 20).trimEnd();
    for (let n = 1; n <= run.length; n++) if (run[n - 1] !== ' ') out.add(run.slice(0, n));
  }
  return [...out];
}

function enquiry(i: number, time: number): Doc {
  const title = `${FIRST[i % 4]} ${SECOND[i % 7]} ${i}`;
  const fields: Record<string, Value> = {
    customerId: { stringValue: 'customer-1' },
    title: { stringValue: title },
    createDate: { timestampValue: { seconds: String(1_704_067_200 + i * 60), nanos: 0 } },
    searchTokens: { arrayValue: { values: tokens(title).map((t) => ({ stringValue: t })) } },
  };
  return { name: `${COLL}/e${String(i).padStart(6, '0')}`, fields, createTime: time, updateTime: time };
}

const listQuery = (page: number): StructuredQuery => ({
  from: [{ collectionId: 'enquiries' }],
  where: {
    compositeFilter: {
      op: 'AND',
      filters: [
        {
          fieldFilter: { field: { fieldPath: 'searchTokens' }, op: 'ARRAY_CONTAINS', value: { stringValue: 'schalt' } },
        },
        { fieldFilter: { field: { fieldPath: 'customerId' }, op: 'EQUAL', value: { stringValue: 'customer-1' } } },
      ],
    },
  },
  orderBy: [{ field: { fieldPath: 'createDate' }, direction: 'DESCENDING' }],
  offset: page * 15,
  limit: { value: 15 },
});
const countQuery = (): StructuredQuery => ({ ...listQuery(0), orderBy: [], offset: 0, limit: undefined });

const heapMb = (gc: () => void) => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

function timed(fn: () => unknown, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs / 2)]!, p95: times[Math.ceil(runs * 0.95) - 1]!, max: times.at(-1)! };
}

/** One mode's figures: heap of the documents, heap with the indexes the list built, query times, a write burst. */
function measure(n: number, composite: boolean, runs: number, burst: number) {
  const gc = gcHandle()!;
  const store = new Store(undefined, composite);
  let time = 1;
  for (let i = 0; i < n; i++) store.put(enquiry(i, ++time), time);
  const heapDocs = heapMb(gc);
  const page = (k: number) => () => execute(store, plan(store, ROOT, listQuery(k)));
  const count = () => {
    const p = plan(store, ROOT, countQuery());
    return servedCount(store, p, undefined) ?? execute(store, p, undefined, true).length;
  };
  let t = performance.now();
  page(0)();
  count();
  const buildMs = performance.now() - t;
  const heapIndexed = heapMb(gc);
  const first = timed(page(0), runs);
  const deep = timed(page(500), runs);
  const counted = timed(count, runs);
  if (count() !== n / 4) throw new Error(`count ${count()}`);
  // a write burst into the built indexes: new enquiries, one write each, the list's count after every 50
  t = performance.now();
  for (let i = n; i < n + burst; i++) {
    store.put(enquiry(i, ++time), time);
    if (i % 50 === 0) count();
  }
  count();
  const perWriteMs = (performance.now() - t) / burst;
  return { heapIndexMb: heapIndexed - heapDocs, heapDocs, buildMs, first, deep, counted, perWriteMs };
}

const f = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(0)} ms`;
const pct = (x: { p50: number; p95: number; max: number }) => `${f(x.p50)} / ${f(x.p95)} / ${f(x.max)}`;

/**
 * The enquiry list's engine cost at `n` enquiries, served from composite indexes and (for comparison) from the
 * single-field indexes and scans before them.
 */
export function indexBench(n = 100_000): BenchRow[] {
  const off = measure(n, false, 10, 20); // before: a write into its flat index arrays moves millions of entries
  const on = measure(n, true, 50, 2000);
  const label = `${n.toLocaleString('en').replace(/,/g, ' ')} enquiries in-process`;
  return [
    { measure: `${label}: heap of the documents`, result: `${on.heapDocs.toFixed(0)} MB` },
    {
      measure: `${label}: heap of the list's indexes, composite (page + count share one) / single-field before`,
      result: `${on.heapIndexMb.toFixed(0)} MB / ${off.heapIndexMb.toFixed(0)} MB`,
    },
    {
      measure: `${label}: first page + count (builds the index), composite / before`,
      result: `${f(on.buildMs)} / ${f(off.buildMs)}`,
    },
    { measure: `${label}: page 0 p50/p95/max, composite`, result: pct(on.first) },
    { measure: `${label}: page 0 p50/p95/max, before`, result: pct(off.first) },
    { measure: `${label}: page 500 p50/p95/max, composite`, result: pct(on.deep) },
    { measure: `${label}: page 500 p50/p95/max, before`, result: pct(off.deep) },
    { measure: `${label}: count() p50/p95/max, composite`, result: pct(on.counted) },
    { measure: `${label}: count() p50/p95/max, before`, result: pct(off.counted) },
    {
      measure: `${label}: one write into built indexes (~38 search tokens each), composite / before`,
      result: `${f(on.perWriteMs)} / ${f(off.perWriteMs)}`,
    },
  ];
}

if (process.argv[1]?.endsWith('index-bench.ts')) {
  for (const r of indexBench(Number(process.argv[2] ?? 100_000))) console.log(`| ${r.measure} | ${r.result} |`);
}
