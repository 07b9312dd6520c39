/**
 * CSV writing for every generated file (the BOM engine's generated BOMs, the list exports of http/csv-export.ts, the
 * article and discount-group exports): semicolon, UTF-8 with byte-order mark (so German Excel opens it
 * as UTF-8), CRLF, every cell quoted, and text cells that a spreadsheet would run as a formula
 * neutralised with a leading apostrophe (OWASP CSV injection guidance).
 */

export const UTF8_BOM = '\uFEFF';

/** Leading characters that make Excel/LibreOffice evaluate a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Prefixes risky text with `'`. This also hits legitimate designations like "-K1" or "+A1": Excel
 * hides the apostrophe when displaying and our own reader strips it back on import, so correctness is
 * kept while no cell can start a formula. Numbers we format ourselves never pass through here.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvCell = string | number | null | undefined | { number: number; decimals?: number };

/** German decimal comma without thousands separators (re-importable); fixed decimals when given. */
export function germanNumber(value: number, decimals?: number): string {
  const s = decimals === undefined ? String(Number.parseFloat(value.toPrecision(15))) : value.toFixed(decimals);
  return s.replace('.', ',');
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? germanNumber(cell) : '';
  if (typeof cell === 'object') return Number.isFinite(cell.number) ? germanNumber(cell.number, cell.decimals) : '';
  return neutraliseFormula(cell);
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map((c) => `"${cellText(c).replace(/"/g, '""')}"`).join(';');
}

/** Whole file as bytes: BOM marker, header line, data lines, CRLF line ends. */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): Uint8Array {
  const text = UTF8_BOM + [csvLine(header), ...rows.map(csvLine)].join('\r\n') + '\r\n';
  return new TextEncoder().encode(text);
}
