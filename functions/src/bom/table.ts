import { mappableFields, type MappingKind } from '../model/bom/fields.js';
import { looksLikePartNumber } from './column-profile.js';
import { fieldScore } from './mapping.js';
import { normaliseHeader, normaliseHeaderRow } from './text-normalise.js';

/**
 * Where the table is in a sheet, found by shape rather than by knowing the column names: the header row
 * is a text-only row whose cells look different from the rows below it (numbers and digit-bearing codes
 * where the header has words) and whose filled columns are the columns the data fills. Known names only
 * add a bonus, so `Reference; Value; Footprint` is found as surely as `Menge; Bestellnummer`.
 */

/** Why a row below the header is not a BOM line. */
export type SkipReason = 'blank' | 'repeatedHeader' | 'total' | 'note';

export interface SkippedRow {
  /** 1-based, as the user sees it */
  rowNumber: number;
  reason: SkipReason;
}

export interface HeaderRowSuggestion {
  /** 1-based */
  headerRowIndex: number;
  /** 0..1 */
  confidence: number;
}

const NUMERIC = /^[+-]?[\d.,' ]*\d[\d.,' ]*$/;
const DIGIT = /\d/;
/** Rows below a candidate that are looked at. */
const BELOW = 8;

const filledIndexes = (row: readonly string[] | undefined): number[] => {
  const out: number[] = [];
  if (row) for (let c = 0; c < row.length; c++) if (row[c]!.trim() !== '') out.push(c);
  return out;
};

/** Header cells compared case- and punctuation-insensitively ("Qty." = "qty"). */
export function headerKey(row: readonly string[]): string {
  return JSON.stringify(normaliseHeaderRow(row));
}

/**
 * Most likely header row among the first `scanRows` rows. Scores per candidate row with ≥ 2 filled cells:
 * - text: share of cells that are not numbers and share of cells without any digit (headers rarely have digits);
 * - contrast: per header column, the share of cells below that hold a digit where the header has none;
 * - alignment: the cells of the rows below sit under the candidate's cells, and its cells have data below;
 * - distinct cells, width relative to the widest row, and a bonus for known column names (up to 3).
 * Equal header rows further down (a list split into sections, each with its own header) never beat the
 * first: the earliest row with the winning header text is taken.
 */
export function suggestHeaderRow(
  rows: readonly (readonly string[])[],
  kind: MappingKind = 'bom',
  scanRows = 30,
): HeaderRowSuggestion {
  const limit = Math.min(rows.length, scanRows);
  const filledCache: number[][] = [];
  const filled = (i: number): number[] => (filledCache[i] ??= filledIndexes(rows[i]));
  let maxWidth = 1;
  for (let i = 0; i < limit; i++) maxWidth = Math.max(maxWidth, filled(i).length);
  const fields = mappableFields(kind);
  let best = { index: 1, score: -1, confidence: 0 };
  const scores: number[] = [];
  for (let i = 0; i < limit; i++) {
    const cols = filled(i);
    if (cols.length < 2) continue;
    const row = rows[i]!;
    const cells = cols.map((c) => row[c]!.trim());
    const textShare = cells.filter((c) => !NUMERIC.test(c)).length / cells.length;
    const noDigitShare = cells.filter((c) => !DIGIT.test(c)).length / cells.length;
    const distinct = new Set(cells.map((c) => c.toLowerCase())).size / cells.length;
    let known = 0;
    // column names are short and digit-free; data cells ("HN 3RT2015", long descriptions) are not scored, which keeps the scan cheap
    for (const c of cells)
      if (c.length <= 40 && !DIGIT.test(c) && fields.some((f) => fieldScore(c, f) >= 0.85)) known++;

    // rows below: do their cells sit under header cells (coverage), are the header cells used (usage), and
    // do they hold digits where the header has words (contrast)?
    const colSet = new Set(cols);
    let looked = 0;
    let inside = 0;
    let total = 0;
    const used = new Set<number>();
    const digitBelow = new Map<number, number>();
    for (let j = i + 1; j < rows.length && looked < BELOW; j++) {
      const below = filled(j);
      if (!below.length) continue;
      looked++;
      total += below.length;
      const r = rows[j]!;
      for (const c of below) {
        if (!colSet.has(c)) continue;
        inside++;
        used.add(c);
        if (DIGIT.test(r[c]!)) digitBelow.set(c, (digitBelow.get(c) ?? 0) + 1);
      }
    }
    let contrast = 0;
    if (looked) {
      for (const c of cols) {
        const d = digitBelow.get(c) ?? 0;
        if (d > 0 && !DIGIT.test(row[c]!)) contrast += Math.min(1, 0.5 + d / looked);
      }
      contrast /= cols.length;
    }
    const alignment = looked ? (inside / total + used.size / cols.length) / 2 : 0;
    const width = cols.length / maxWidth;
    const score =
      textShare +
      noDigitShare +
      2 * contrast +
      2.5 * alignment +
      distinct +
      width +
      (1.2 * Math.min(known, 3)) / 3 +
      (looked ? 0.5 : 0);
    scores[i] = score;
    if (score > best.score) {
      const confidence = Math.min(
        1,
        0.35 * alignment + 0.25 * contrast + 0.15 * noDigitShare + 0.1 * width + 0.15 * Math.min(1, known / 2) + 0.1,
      );
      best = { index: i + 1, score, confidence: Math.round(confidence * 100) / 100 };
    }
  }
  if (best.score < 0) return { headerRowIndex: 1, confidence: 0 };
  // sections repeat the header: the first copy starts the table
  const key = headerKey(rows[best.index - 1]!);
  for (let i = 0; i < best.index - 1; i++) {
    if (scores[i] !== undefined && headerKey(rows[i]!) === key)
      return { headerRowIndex: i + 1, confidence: best.confidence };
  }
  return { headerRowIndex: best.index, confidence: best.confidence };
}

const TOTAL_WORDS =
  /^(?:sub)?total\b|^(?:zwischen|gesamt)?summe\b|^gesamt\b|^sum\b|^sous-total\b|^total g[ée]n[ée]ral\b|^montant\b|^grand total\b|^übertrag\b/i;

const KEY_CELLS = new Map<string, string[]>();

/** Cheap first: only the header's first named cell is normalised per row; the full key only when it matches. */
function isHeaderAgain(row: readonly string[], headerKeyText: string): boolean {
  let cells = KEY_CELLS.get(headerKeyText);
  if (!cells) {
    if (KEY_CELLS.size > 100) KEY_CELLS.clear();
    cells = JSON.parse(headerKeyText) as string[];
    KEY_CELLS.set(headerKeyText, cells);
  }
  const first = cells.findIndex((c) => c !== '');
  if (first < 0 || normaliseHeader(row[first] ?? '') !== cells[first]) return false;
  return headerKey(row) === headerKeyText;
}

const LABEL = /^\p{L}[^:]{0,40}:$/u;

/** A value in the order/manufacturer-number column that may be a number: digits, or one token. "Steuerung Antriebe" is a section title. */
function isKeyValue(v: string): boolean {
  return v !== '' && (DIGIT.test(v) || !/\s/.test(v));
}

/**
 * Classifies a row below the header that is not a BOM line, or returns undefined for a line.
 * `keyColumns` are the columns of order and manufacturer number (a row with a value there is always a line).
 */
export function classifyNonDataRow(
  row: readonly string[],
  headerKeyText: string | undefined,
  keyColumns: readonly number[],
  tableWidth: number,
  mappedColumns: readonly number[] = [],
  /** columns where a lone text is plausible line data (description, manufacturer): such a row stays a line */
  textColumns: readonly number[] = [],
): SkipReason | undefined {
  const cols = filledIndexes(row);
  if (cols.length === 0) return 'blank';
  if (headerKeyText && cols.length >= 2 && isHeaderAgain(row, headerKeyText)) return 'repeatedHeader';
  // "Zwischensumme" may stand in any column, even the order number's; a real part number there keeps the line
  if (
    cols.some((c) => TOTAL_WORDS.test(row[c]!.trim())) &&
    !keyColumns.some((c) => looksLikePartNumber((row[c] ?? '').trim()))
  )
    return 'total';
  if (keyColumns.some((c) => isKeyValue((row[c] ?? '').trim()))) return undefined;
  // one text cell in a wide table, nothing in the number columns: a section title or a note
  // (a lone description, "Montageplatte", is an item without number: it stays a line and gets DATA_MISSING)
  if (tableWidth >= 3 && cols.length === 1 && !NUMERIC.test(row[cols[0]!]!.trim()) && !textColumns.includes(cols[0]!))
    return 'note';
  // nothing in any mapped column (formula leftovers, remarks beside the table): nothing to read as a line
  if (mappedColumns.length && !mappedColumns.some((c) => (row[c] ?? '').trim() !== '')) return 'note';
  // a label row below the table ("Used currency rates:", "Total Purchase:") without any part number
  if (cols.some((c) => LABEL.test(row[c]!.trim()))) return 'note';
  return undefined;
}
