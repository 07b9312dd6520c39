// In-process benchmark of the composite indexes (composite-index.ts) at 100 000 enquiry-shaped documents: heap
// with and without them, the page and count() of the enquiry list, a deep page, and a write burst into built
// indexes. No gRPC: the engine's own cost.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { servedCount } from './composite-query.js';
import { execute } from './execute.js';
import { plan, type StructuredQuery } from './query.js';
import { Store, type Doc } from './store.js';
import type { Value } from './values.js';

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

function gcHandle(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

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

export function indexBench(n = 100_000, composite = true) {
  const gc = gcHandle();
  const store = new Store(composite ? undefined : 2000, composite);
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
  const first = timed(page(0), 50);
  const deep = timed(page(500), 50);
  const counted = timed(count, 50);
  if (count() !== n / 4) throw new Error(`count ${count()}`);
  // a write burst into the built indexes: 2 000 new enquiries, one write each, a query after every 100
  t = performance.now();
  for (let i = n; i < n + 2000; i++) {
    store.put(enquiry(i, ++time), time);
    if (i % 100 === 0) count();
  }
  count();
  const burstMs = performance.now() - t;
  return { heapDocs, heapIndexed, buildMs, first, deep, counted, burstMs };
}

if (process.argv[1]?.endsWith('index-bench.ts')) {
  console.log(JSON.stringify(indexBench(Number(process.argv[2] ?? 100_000), process.argv[3] !== 'off'), null, 1));
}
