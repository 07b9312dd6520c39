import { extractHeaders, validateHeaderRowIndex } from '../../bom/header.js';
import { validateMapping } from '../../bom/mapping.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import type { BomMapRequest } from '../../model/bom-job.js';
import { ApiError } from '../../platform/api-error.js';

/**
 * The one place the BOM area checks a header row and the mapping on it (every owner's map call, the admin header
 * read, the background line-set task): the engine's rules (bom/header.ts, bom/mapping.ts) turned into the calls'
 * 400 answers.
 */

const invalid = (path: string, keys: readonly string[]) =>
  ApiError.badRequest(
    'validation',
    keys.map((key) => ({ path, key })),
  );

/**
 * A header row index as a call sends it (a number or digits, ≥ 1): 400 on `headerRowIndex` with the key of the
 * call (`bomSave`: the map calls, `bomUpdateHeader`: the header read).
 */
export function headerRowIndexOf(value: unknown, context: 'bomSave' | 'bomUpdateHeader'): number {
  const problem = validateHeaderRowIndex(value, context);
  if (problem) throw invalid('headerRowIndex', [problem]);
  return Number(value);
}

/** The headers of the sheet's 1-based row: 400 on `headerRowIndex` when it is blank or missing. */
export function headerRowOf(rows: readonly (readonly string[])[], headerRowIndex: number): string[] {
  const extracted = extractHeaders(rows, headerRowIndex);
  if (extracted.issue) throw invalid('headerRowIndex', [extracted.issue]);
  return extracted.headers;
}

/** A request's mapping in the engine's shape (a missing header text is ''). */
export function fieldMappingOf(mapping: BomMapRequest['mapping']): FieldMapping {
  return mapping.map((m) => ({
    ...(m.columnIndex !== undefined ? { columnIndex: m.columnIndex } : {}),
    importHeader: m.importHeader ?? '',
    articleField: m.articleField as FieldMapping[number]['articleField'],
  }));
}

/** The mapping against the header row with the engine's rules: 400 on `mapping` with every key it finds. */
export function checkMapping(mapping: FieldMapping, headers: readonly string[]): void {
  const issues = validateMapping(mapping, 'bom', headers);
  if (issues.length)
    throw invalid(
      'mapping',
      issues.map((i) => i.key),
    );
}
