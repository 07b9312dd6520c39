import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';

/** Where the index is validated: BOM save, BOM update-header action, import configuration. */
export type HeaderIndexContext = 'bomSave' | 'bomUpdateHeader' | 'importConfig';

const INDEX_KEYS: Record<HeaderIndexContext, string> = {
  bomSave: BOM_I18N_KEYS.headerRowIndexWrong,
  bomUpdateHeader: BOM_I18N_KEYS.indexInvalid,
  importConfig: BOM_I18N_KEYS.importWrongIndex,
};

/** Header row index: whole number ≥ 1 (numbers or digit strings). Returns the i18n key of the problem, or undefined. */
export function validateHeaderRowIndex(value: unknown, context: HeaderIndexContext = 'bomSave'): string | undefined {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? undefined : INDEX_KEYS[context];
}

export interface HeaderExtraction {
  /** trimmed header texts of the row (empty cells stay "") */
  headers: string[];
  /** BOM_I18N_KEYS.noHeadersFound when the row is missing or blank */
  issue?: string;
}

/** Headers of the 1-based header row. */
export function extractHeaders(rows: readonly (readonly string[])[], headerRowIndex: number): HeaderExtraction {
  const row = rows[headerRowIndex - 1];
  const headers = (row ?? []).map((c) => c.trim());
  return headers.some((h) => h !== '') ? { headers } : { headers, issue: BOM_I18N_KEYS.noHeadersFound };
}

export { suggestHeaderRow } from './table.js';
