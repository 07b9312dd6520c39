// Explain metrics in production's shape: the plan summary (the indexes used) and, with analyze, execution stats.
import type { IndexUse } from './index-choice.js';
import type { Scope } from './index-file.js';

export interface ExplainOptions {
  analyze?: boolean;
}

const scopeName = (s: Scope) => (s === 'COLLECTION' ? 'Collection' : 'Collection group');

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

/** Plan summary entries for explain, in production's shape. */
function explainIndexes(uses: IndexUse[]): Record<string, string>[] {
  const seen = new Set<string>();
  const out: Record<string, string>[] = [];
  for (const u of uses) {
    const key = `${u.scope}|${u.properties}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ query_scope: scopeName(u.scope), properties: u.properties });
  }
  return out;
}

export function planSummary(uses: IndexUse[]) {
  return { indexesUsed: explainIndexes(uses).map(toStruct) };
}

export function executionStats(results: number, readOps: number, scanned: number, startNs: bigint) {
  const ns = process.hrtime.bigint() - startNs;
  return {
    resultsReturned: String(results),
    executionDuration: { seconds: String(ns / 1_000_000_000n), nanos: Number(ns % 1_000_000_000n) },
    readOperations: String(readOps),
    debugStats: toStruct({ documents_scanned: String(scanned), index_entries_scanned: String(scanned) }),
  };
}
