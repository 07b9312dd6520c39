import { mappableFields, type MappingKind } from '../model/bom/fields.js';
import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';
import { fieldScore } from './mapping.js';

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

export interface HeaderRowSuggestion {
  /** 1-based */
  headerRowIndex: number;
  /** 0..1 */
  confidence: number;
}

const NUMERIC = /^[+-]?[\d.,' ]*\d[\d.,' ]*$/;

/**
 * Most likely header row among the first `scanRows` rows. A header row has several non-empty cells,
 * mostly text (not numbers), is wide compared to the rest, names known columns, and is followed by rows
 * of a similar width that look like data. Title blocks (one merged cell, "Projekt: …") score low.
 */
export function suggestHeaderRow(rows: readonly (readonly string[])[], kind: MappingKind = 'bom', scanRows = 30): HeaderRowSuggestion {
  const limit = Math.min(rows.length, scanRows);
  // each row's filled cells are needed as a candidate and again as a row below up to five candidates
  const filledCache: string[][] = [];
  const filled = (i: number): string[] => (filledCache[i] ??= (rows[i] ?? []).filter((c) => c.trim() !== ''));
  let maxWidth = 1;
  for (let i = 0; i < limit; i++) maxWidth = Math.max(maxWidth, filled(i).length);
  const fields = mappableFields(kind);
  let best = { index: 1, score: -1, confidence: 0 };
  for (let i = 0; i < limit; i++) {
    const cells = filled(i);
    if (cells.length < 2) continue;
    const text = cells.filter((c) => !NUMERIC.test(c.trim()));
    const textShare = text.length / cells.length;
    const distinct = new Set(cells.map((c) => c.trim().toLowerCase())).size / cells.length;
    let known = 0;
    // column names are short and digit-free; data cells ("HN 3RT2015", long descriptions) are not scored
    for (const c of text) if (c.length <= 40 && !/\d/.test(c) && fields.some((f) => fieldScore(c, f) >= 0.85)) known++;
    const knownShare = known / cells.length;
    // rows below: similar width and at least one number or a change of content
    let dataLike = 0;
    let looked = 0;
    for (let j = i + 1; j < rows.length && looked < 5; j++) {
      const below = filled(j);
      if (!below.length) continue;
      looked++;
      if (below.length >= cells.length * 0.5 && below.length <= cells.length * 1.5) dataLike += below.some((c) => NUMERIC.test(c.trim())) ? 1 : 0.6;
    }
    const dataShare = looked ? dataLike / looked : 0;
    const width = cells.length / maxWidth;
    const score = known * 2 + knownShare * 2 + textShare + distinct + width + dataShare;
    if (score > best.score) {
      const confidence = Math.min(1, 0.45 * Math.min(1, known / 2) + 0.2 * textShare + 0.2 * dataShare + 0.15 * width);
      best = { index: i + 1, score, confidence: Math.round(confidence * 100) / 100 };
    }
  }
  return { headerRowIndex: best.index, confidence: best.score < 0 ? 0 : best.confidence };
}
