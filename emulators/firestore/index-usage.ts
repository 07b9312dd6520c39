// Index usage since start, for the "unused indexes" report (GET /emulator/v1/indexes, index-report.ts).
import {
  normalizedFields,
  type CompositeIndex,
  type FieldOverride,
  type IndexConfig,
  type IndexFile,
} from './index-file.js';
import type { IndexUse } from './index-choice.js';
import type { IndexMode } from './indexes.js';
import { compareStrings } from './values.js';

const indexKey = (ix: CompositeIndex): string =>
  JSON.stringify([
    ix.collectionGroup,
    ix.queryScope ?? 'COLLECTION',
    normalizedFields(ix).map((f) => [f.fieldPath, f.order, f.arrayConfig, f.vectorConfig?.dimension]),
  ]);

export interface IndexReport {
  mode: IndexMode;
  file: string | null;
  /** Every composite index of the file with the number of queries it served. */
  indexes: (CompositeIndex & { uses: number })[];
  unused: CompositeIndex[];
  /** Indexes queries asked for that the file lacks (counted in warn and enforce mode). */
  missing: { index?: CompositeIndex; fieldOverride?: FieldOverride; count: number }[];
}

export class IndexUsage {
  private readonly used = new Map<string, number>();
  private readonly missing = new Map<
    string,
    { index?: CompositeIndex; fieldOverride?: FieldOverride; count: number }
  >();

  record(uses: IndexUse[]) {
    for (const u of uses)
      if (u.composite) this.used.set(indexKey(u.composite), (this.used.get(indexKey(u.composite)) ?? 0) + 1);
  }

  recordMissing(m: { index?: CompositeIndex; fieldOverride?: FieldOverride }) {
    const key = JSON.stringify(m);
    const entry = this.missing.get(key) ?? { ...m, count: 0 };
    entry.count++;
    this.missing.set(key, entry);
  }

  report(mode: IndexMode, config: IndexConfig | null): IndexReport {
    let file: IndexFile = { indexes: [], fieldOverrides: [] };
    try {
      if (config) file = config.current();
    } catch {
      // an invalid file has no indexes to report
    }
    const indexes = file.indexes.map((ix) => ({ ...ix, uses: this.used.get(indexKey(ix)) ?? 0 }));
    return {
      mode,
      file: config?.path ?? null,
      indexes,
      unused: indexes.filter((ix) => ix.uses === 0).map(({ uses: _uses, ...ix }) => ix as CompositeIndex),
      missing: [...this.missing.values()].sort((a, b) => compareStrings(JSON.stringify(a), JSON.stringify(b))),
    };
  }
}
