// Index enforcement: which indexes production would use for a query (index-requirements.ts, index-choice.ts),
// given firestore.indexes.json (index-file.ts); per mode a query without its index fails, is logged, or runs.
import { aggregatedFields, type Aggregation } from './aggregate.js';
import { failedPrecondition } from './errors.js';
import { chooseIndexes, type IndexUse } from './index-choice.js';
import { IndexConfig, canonicalPath, type IndexFile } from './index-file.js';
import { requirements } from './index-requirements.js';
import { IndexUsage, type IndexReport } from './index-usage.js';
import type { Plan, StructuredQuery } from './query.js';

export type IndexMode = 'enforce' | 'warn' | 'off';
export const INDEX_MODES: readonly IndexMode[] = ['enforce', 'warn', 'off'];

export class IndexEnforcement {
  readonly config: IndexConfig | null;
  /** Which composite indexes served queries, and which indexes queries lacked. */
  private readonly usage = new IndexUsage();
  private readonly warned = new Set<string>();

  constructor(
    readonly mode: IndexMode,
    indexFile: string | undefined,
  ) {
    this.config = indexFile ? new IndexConfig(indexFile) : null;
  }

  /**
   * The indexes production would use for a planned query. In enforce mode a query without one fails
   * with FAILED_PRECONDITION naming the index to add; in warn mode that message is logged (once per
   * index) and the query runs. `force` computes the plan for explain even when enforcement is off. Where the query
   * runs without its index (warn, off) the plan names the index it lacks, so explain shows what production would use.
   */
  check(q: StructuredQuery, p: Plan, aggs: Aggregation[] = [], force = false): IndexUse[] {
    if (this.mode === 'off' && !force) return [];
    let file: IndexFile = { indexes: [], fieldOverrides: [] };
    if (this.config) {
      try {
        file = this.config.current();
      } catch (e) {
        if (this.mode === 'enforce') throw e;
      }
    }
    const vector = p.nearest ? { path: canonicalPath(p.nearest.path), dimension: p.nearest.query.length } : undefined;
    const d = chooseIndexes(file, requirements(q, p.orderSpec, aggregatedFields(aggs), vector, aggs.length > 0));
    if (d.ok) {
      this.usage.record(d.uses);
      return d.uses;
    }
    // a query that runs without its index (off: explain only, warn) plans with the index it lacks, as production would
    if (this.mode === 'off') return d.assumed;
    this.usage.recordMissing(d.missing);
    if (this.mode === 'enforce') throw failedPrecondition(d.message);
    if (!this.warned.has(d.message)) {
      this.warned.add(d.message);
      console.warn(`[firestore-emulator] index missing (would fail in production): ${d.message}`);
    }
    return d.assumed;
  }

  /** Usage since start: `GET /emulator/v1/indexes`. */
  report(): IndexReport {
    return this.usage.report(this.mode, this.config);
  }
}
