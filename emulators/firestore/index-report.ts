import type { CompositeIndex } from './index-file.js';
import type { IndexReport } from './index-usage.js';

const line = (ix: object) => JSON.stringify(ix);

/**
 * Prints what the emulator at `host` (`127.0.0.1:8080`) learned about firestore.indexes.json: composite
 * indexes no query used, and indexes queries lacked (warn mode). For the API suite's teardown; never throws,
 * a report is not worth failing a test run for.
 */
export async function printIndexReport(
  host: string | undefined,
  log: (msg: string) => void = console.log,
): Promise<IndexReport | null> {
  if (!host) return null;
  try {
    const res = await fetch(`http://${host}/emulator/v1/indexes`);
    if (!res.ok) return null;
    const report = (await res.json()) as IndexReport;
    if (report.mode === 'off') return report;
    const unused: CompositeIndex[] = report.unused;
    if (unused.length) {
      log(
        `Firestore: ${unused.length} of ${report.indexes.length} indexes in ${report.file ?? 'firestore.indexes.json'} served no query:`,
      );
      for (const ix of unused) log(`  unused: ${line(ix)}`);
    } else if (report.indexes.length) {
      log(
        `Firestore: all ${report.indexes.length} indexes in ${report.file ?? 'firestore.indexes.json'} served queries.`,
      );
    } else {
      log(
        `Firestore: no composite indexes in ${report.file ?? 'firestore.indexes.json'}; automatic indexes served every query (${report.mode}).`,
      );
    }
    for (const m of report.missing) log(`  missing (${m.count} queries): ${line(m.index ?? m.fieldOverride ?? {})}`);
    return report;
  } catch {
    return null;
  }
}
