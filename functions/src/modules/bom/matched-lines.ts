import { BomLineBuilder } from '../../bom/lines.js';
import type { MappingMemoryStore } from '../../bom/mapping-memory.js';
import { matchBomLines } from '../../bom/matcher.js';
import { bomLinePrice, summariseBom } from '../../bom/results.js';
import type { BomLine } from '../../model/bom/bom-line.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import type { BomJob, StoredBomLine } from '../../model/bom-job.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import { lineId } from './bom-jobs.repository.js';

/** A line's share of the job's total in cents (supplied parts count nothing). */
export const lineCents = (l: BomLine) => (l.isSuppliedPart ? 0 : Math.round(bomLinePrice(l) * 100));

/**
 * The lines of a mapped sheet (the rows below `headerRowIndex`), matched against the catalogue in Firestore, as
 * they are stored, and the counts a job keeps of them. One way for every owner: enquiry, offer, admin import.
 */
export async function buildMatchedLines(
  catalogue: Pick<CataloguePort, 'matchContext'>,
  input: {
    rows: string[][];
    headerRowIndex: number;
    headers: string[];
    mapping: FieldMapping;
    suppliedPartString?: string;
  },
): Promise<{
  stored: StoredBomLine[];
  counts: Pick<BomJob, 'lineCount' | 'errorCount' | 'successRate' | 'errorsByType' | 'totalCents'>;
}> {
  const { rows, headerRowIndex, headers, mapping, suppliedPartString } = input;
  const context = await catalogue.matchContext();
  const builder = new BomLineBuilder({ headers, mapping, suppliedPartString, units: context.units });
  for (let i = headerRowIndex; i < rows.length; i++) builder.add(rows[i]!, i + 1);
  const lines = await matchBomLines(builder.lines, context.lookup, { manufacturers: context.manufacturers });
  const summary = summariseBom(lines);
  return {
    stored: lines.map((l) => ({ ...l, id: lineId(l.rowNumber) })),
    counts: {
      lineCount: summary.lineCount,
      errorCount: summary.errorCount,
      successRate: summary.successRate,
      errorsByType: summary.errorsByType,
      totalCents: lines.reduce((n, l) => n + lineCents(l), 0),
    },
  };
}

/**
 * After a mapping is saved: the company remembers it for the next file with these headers (bom/mapping-memory.ts).
 * A failure only logs — the mapping itself is saved, only the next file's suggestion misses it.
 */
export async function rememberJobMapping(
  d: { memory: MappingMemoryStore; log: { warn(message: string, data?: object): void } },
  companyId: string,
  job: Pick<BomJob, 'headers' | 'fieldMapping' | 'bomHeaderRowIndex' | 'suppliedPartString'>,
): Promise<void> {
  try {
    await d.memory.remember({
      companyId,
      headers: job.headers,
      mapping: job.fieldMapping,
      headerRowIndex: job.bomHeaderRowIndex,
      ...(job.suppliedPartString ? { suppliedPartString: job.suppliedPartString } : {}),
    });
  } catch (error) {
    d.log.warn('bom: remembering the mapping failed', { error: String(error) });
  }
}
