import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel';
import { SpreadsheetError } from './errors.js';
import { assertSafeZip, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard.js';
import { readXlsxRows } from './xlsx-rows.js';

export interface WorkbookReadOptions {
  /** sheet name or 0-based index; default the first sheet */
  sheet?: string | number;
  /** refuse sheets with more rows (default 1 000 000) */
  maxRows?: number;
  zipLimits?: ZipLimits;
}

export interface WorkbookReadResult {
  sheetName: string;
  sheetNames: string[];
  /** absolute rows from row 1 of the sheet; each cell the text Excel displays */
  rows: string[][];
}

// legacy BIFF2–BIFF5 .xls store text in a Windows code page; without the tables umlauts would be lost
XLSX.set_cptable(cptable);

/** UTF-16LE "EncryptedPackage": the OLE stream an Office-encrypted xlsx is wrapped in. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * Reads .xlsx/.xls with SheetJS into display text. `cellText` builds `.w` (the formatted text Excel
 * shows: "000123" with format 000000, "1.10" with format 0.00); formulas, styles and HTML are not
 * parsed. Only the wanted sheet is parsed, in dense mode, to keep memory low.
 */
export function readWorkbook(
  bytes: Uint8Array,
  format: 'xlsx' | 'xls',
  options: WorkbookReadOptions = {},
): WorkbookReadResult {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'xlsx') assertSafeZip(buf, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  else if (buf.includes(ENCRYPTED_PACKAGE)) throw new SpreadsheetError('encrypted', 'Office-encrypted workbook');
  const maxRows = options.maxRows ?? 1_000_000;
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(buf, {
      type: 'buffer',
      dense: true,
      cellText: true,
      raw: true,
      cellDates: false,
      // Excel shows built-in date format 14 in the user's locale; our users' Excel is German. The dots
      // are escaped: SheetJS reads a bare "." after "mm" as a fraction-of-seconds token.
      dateNF: DATE_NF,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      // the number format (`z`) tells dates from numbers when a number's display text is replaced
      cellNF: true,
      bookVBA: false,
      sheets: options.sheet ?? 0,
      sheetRows: maxRows + 1,
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (/password|encrypt/i.test(msg)) throw new SpreadsheetError('encrypted', msg, { cause: e });
    throw new SpreadsheetError('corrupt', `workbook cannot be read: ${msg}`, { cause: e });
  }
  const sheetNames = wb.SheetNames ?? [];
  const sheetName = typeof options.sheet === 'string' ? options.sheet : sheetNames[options.sheet ?? 0];
  const ws = sheetName === undefined ? undefined : wb.Sheets[sheetName];
  if (!sheetName || !ws) throw new SpreadsheetError('empty', 'workbook has no such sheet');
  const ref = ws['!ref'];
  const data = (ws as { '!data'?: (XLSX.CellObject[] | undefined)[] })['!data'] ?? [];
  return checkedResult(sheetName, sheetNames, denseRows(data, ref ? XLSX.utils.decode_range(ref).e.r : -1), maxRows);
}

function checkedResult(sheetName: string, sheetNames: string[], rows: string[][], maxRows: number) {
  if (rows.length > maxRows) throw new SpreadsheetError('tooLarge', `more than ${maxRows} rows`);
  if (!rows.some((r) => r.some((c) => c.trim() !== ''))) throw new SpreadsheetError('empty', 'sheet has no content');
  return { sheetName, sheetNames, rows };
}

/** The SheetJS read options the streamed reader follows too. */
const DATE_NF = 'dd\\.mm\\.yyyy';

/**
 * An .xlsx read row by row from the inflating sheet XML (`xlsx-rows.ts`, same cells as SheetJS builds, far less
 * memory); workbooks it leaves to SheetJS (date1904, date cells, unknown formats, chart sheets) go through
 * `readWorkbook`. The zip must have passed the zip guard.
 */
export async function readXlsxStreamed(
  bytes: Uint8Array,
  options: WorkbookReadOptions = {},
): Promise<WorkbookReadResult | undefined> {
  const maxRows = options.maxRows ?? 1_000_000;
  const read = await readXlsxRows(bytes, {
    sheet: options.sheet,
    sheetRows: maxRows + 1,
    dateNF: DATE_NF,
    text: (cell) => cellText(cell as XLSX.CellObject),
  });
  if (!read) return undefined;
  const rows: string[][] = [];
  for (let r = 0; r <= read.lastRow; r++) {
    const src = read.data[r];
    if (!src) {
      rows.push([]);
      continue;
    }
    let last = -1;
    for (let c = 0; c < src.length; c++) {
      if (src[c] === undefined) src[c] = '';
      else if (src[c] !== '') last = c;
    }
    src.length = last + 1;
    rows.push(src);
  }
  return checkedResult(read.sheetName, read.sheetNames, rows, maxRows);
}

/**
 * Text of one cell. Text cells keep their text; dates and non-integer numbers keep the display text
 * Excel shows. Integers up to 2^53 keep all their digits whatever the number format says: Excel's
 * General format shows a 12-digit part number as "2.23879E+11", which can never be matched again.
 * A display text made only of the same digits (format `000000` → "000123") is kept for its zeros.
 */
export function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') return numberText(cell.v, cell.w, cell.z);
  if (cell.w !== undefined) return cell.w;
  if (cell.v === undefined || cell.v === null) return '';
  return String(cell.v);
}

function numberText(v: number, w: string | undefined, z: XLSX.NumberFormat | undefined): string {
  if (w === undefined) return String(v);
  if (typeof z === 'string' && z !== 'General' && XLSX.SSF.is_date(z)) return w;
  if (Number.isSafeInteger(v)) {
    const digits = String(v);
    // keep "000123" (format 000000) and plain digits; anything else shown for an integer is replaced
    if (/^-?\d+$/.test(w.trim()) && Number(w.trim()) === v) return w.trim();
    return digits;
  }
  // a non-integer shown in scientific notation loses digits too; the JS shortest form keeps them
  // (integers beyond 2^53 have no exact digits to show and keep Excel's display)
  if (/e/i.test(w) && Number.isFinite(v) && !Number.isInteger(v)) return String(v);
  return w;
}

/** Dense sheet rows up to `lastRow` → string rows; holes become "", trailing empty cells are dropped. */
function denseRows(data: (XLSX.CellObject[] | undefined)[], lastRow: number): string[][] {
  const rows: string[][] = [];
  for (let r = 0; r <= lastRow; r++) {
    const src = data[r];
    if (!src) {
      rows.push([]);
      continue;
    }
    const out: string[] = [];
    let last = -1;
    for (let c = 0; c < src.length; c++) {
      const t = cellText(src[c]);
      out.push(t);
      if (t !== '') last = c;
    }
    out.length = last + 1;
    rows.push(out);
    data[r] = undefined; // the row's cells can go while the next rows are converted
  }
  return rows;
}
