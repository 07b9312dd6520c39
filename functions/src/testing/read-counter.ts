import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Counts Firestore document reads the way they are billed, by wrapping the client library's three read
 * paths (every get, getAll, query and transaction read goes through one of them):
 * BatchGetDocuments (DocumentReader: 1 per requested document, found or not), RunQuery (Query: its
 * documents, at least 1) and RunAggregationQuery (count(): 1 per 1 000 index entries, at least 1).
 */
export interface ReadCounter {
  reads: number;
  byKind: { documents: number; queries: number; counts: number };
  reset(): void;
  restore(): void;
}

type Proto = Record<string, (...args: unknown[]) => Promise<{ result: any }>>;

export function countReads(): ReadCounter {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@google-cloud/firestore'));
  const load = (file: string, name: string) =>
    (require(join(root, file)) as Record<string, { prototype: Proto }>)[name]!.prototype;
  const restores: Array<() => void> = [];
  const counter: ReadCounter = {
    reads: 0,
    byKind: { documents: 0, queries: 0, counts: 0 },
    reset() {
      counter.reads = 0;
      counter.byKind = { documents: 0, queries: 0, counts: 0 };
    },
    restore() {
      for (const undo of restores.splice(0)) undo();
    },
  };
  const wrap = (proto: Proto, kind: keyof ReadCounter['byKind'], reads: (result: any) => number) => {
    const original = proto._get!;
    proto._get = async function (this: unknown, ...args: unknown[]) {
      const out = await original.apply(this, args);
      const n = reads(out.result);
      counter.reads += n;
      counter.byKind[kind] += n;
      return out;
    };
    restores.push(() => {
      proto._get = original;
    });
  };
  wrap(load('document-reader.js', 'DocumentReader'), 'documents', (snaps: unknown[]) => snaps.length);
  wrap(load('reference/query.js', 'Query'), 'queries', (snap: { size: number }) => Math.max(1, snap.size));
  wrap(load('reference/aggregate-query.js', 'AggregateQuery'), 'counts', (snap: { data(): { count?: number } }) =>
    Math.max(1, Math.ceil((snap.data().count ?? 0) / 1000)),
  );
  return counter;
}
