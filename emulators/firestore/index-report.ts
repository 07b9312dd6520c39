import type { IndexReport } from './index-usage.js';

export type { IndexReport };

const line = (ix: object) => JSON.stringify(ix);

/**
 * What the emulator at `host` (`127.0.0.1:8080`) learned about firestore.indexes.json, or null without one.
 * Never throws: a report is not worth failing a test run for.
 */
export async function fetchIndexReport(host: string | undefined): Promise<IndexReport | null> {
  if (!host) return null;
  try {
    const res = await fetch(`http://${host}/emulator/v1/indexes`);
    return res.ok ? ((await res.json()) as IndexReport) : null;
  } catch {
    return null;
  }
}

/**
 * The reports of several emulators that served parts of one suite, as one: an index is used if any served a
 * query with it, and the missing indexes of all are summed.
 */
export function mergeIndexReports(reports: (IndexReport | null)[]): IndexReport | null {
  const present = reports.filter((r): r is IndexReport => r !== null);
  const [first] = present;
  if (!first) return null;
  const key = (ix: object) => line({ ...ix, uses: undefined });
  const uses = new Map<string, number>();
  for (const r of present) for (const ix of r.indexes) uses.set(key(ix), (uses.get(key(ix)) ?? 0) + ix.uses);
  const missing = new Map<string, IndexReport['missing'][number]>();
  for (const m of present.flatMap((r) => r.missing)) {
    const k = line(m.index ?? m.fieldOverride ?? {});
    const seen = missing.get(k);
    missing.set(k, seen ? { ...seen, count: seen.count + m.count } : m);
  }
  const indexes = first.indexes.map((ix) => ({ ...ix, uses: uses.get(key(ix)) ?? 0 }));
  return {
    ...first,
    indexes,
    unused: first.unused.filter((ix) => !uses.get(key(ix))),
    missing: [...missing.values()],
  };
}

/** Prints a report: composite indexes no query used, and indexes queries lacked (warn mode). */
export function printIndexReport(report: IndexReport | null, log: (msg: string) => void = console.log): void {
  if (!report || report.mode === 'off') return;
  const file = report.file ?? 'firestore.indexes.json';
  if (report.unused.length) {
    log(`Firestore: ${report.unused.length} of ${report.indexes.length} indexes in ${file} served no query:`);
    for (const ix of report.unused) log(`  unused: ${line(ix)}`);
  } else if (report.indexes.length) {
    log(`Firestore: all ${report.indexes.length} indexes in ${file} served queries.`);
  } else {
    log(`Firestore: no composite indexes in ${file}; automatic indexes served every query (${report.mode}).`);
  }
  for (const m of report.missing) log(`  missing (${m.count} queries): ${line(m.index ?? m.fieldOverride ?? {})}`);
}
