import { resolveFormat, ALL_EXTENSIONS, type SpreadsheetExtension, type SpreadsheetFormat } from './detect-format.js';
import { SpreadsheetError } from './errors.js';
import { openCsvStream, type CsvReadOptions } from './read-csv.js';
import { readWorkbook, type WorkbookReadOptions, type WorkbookReadResult } from './read-workbook.js';
import { assertSafeZip, assertZipInflatesAsDeclared, DEFAULT_ZIP_LIMITS } from './zip-guard.js';
import type { CsvDelimiter } from './csv-parser.js';
import type { TextEncoding } from './text-decode.js';

export interface SpreadsheetReadOptions extends CsvReadOptions, WorkbookReadOptions {
  /** extensions the caller accepts (BOM upload: xlsx, xls, csv) */
  allowedExtensions?: readonly SpreadsheetExtension[];
  /** refuse inputs larger than this many bytes (default 10 MB, the spec's upload limit; 0 = no limit) */
  maxBytes?: number;
}

export interface SpreadsheetInfo {
  format: SpreadsheetFormat;
  encoding?: TextEncoding;
  delimiter?: CsvDelimiter;
  sheetName?: string;
  sheetNames?: string[];
}

export interface SpreadsheetData extends SpreadsheetInfo {
  rows: string[][];
}

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

function checkSize(bytes: Uint8Array, options: SpreadsheetReadOptions): void {
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (max > 0 && bytes.length > max) throw new SpreadsheetError('tooLarge', `file has ${bytes.length} bytes, limit ${max}`);
}

/** Declared-size check, then a streamed inflate check of every entry, then SheetJS. */
export async function readWorkbookSafely(bytes: Uint8Array, format: 'xlsx' | 'xls', options: WorkbookReadOptions = {}): Promise<WorkbookReadResult> {
  if (format === 'xlsx') await assertZipInflatesAsDeclared(bytes, assertSafeZip(bytes, options.zipLimits ?? DEFAULT_ZIP_LIMITS));
  return readWorkbook(bytes, format, options);
}

/**
 * Reads an uploaded file into rows of display strings. Format is decided by content and cross-checked
 * against the name; every failure is a SpreadsheetError with an i18n key, never a crash.
 */
export async function readSpreadsheet(bytes: Uint8Array, fileName: string, options: SpreadsheetReadOptions = {}): Promise<SpreadsheetData> {
  const rows: string[][] = [];
  const info = await streamSpreadsheet(bytes, fileName, (batch) => {
    for (const r of batch) rows.push(r);
  }, options);
  return { ...info, rows };
}

/**
 * Chunked variant: calls `onRows` with batches of rows in file order. CSV/TXT is parsed incrementally
 * (bounded memory); workbooks are parsed by SheetJS as a whole and then handed out in batches.
 */
export async function streamSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  onRows: (rows: string[][], firstRowNumber: number) => void | Promise<void>,
  options: SpreadsheetReadOptions = {},
): Promise<SpreadsheetInfo> {
  checkSize(bytes, options);
  const format = resolveFormat(bytes, fileName, options.allowedExtensions ?? ALL_EXTENSIONS);
  let next = 1;
  if (format === 'csv') {
    const stream = await openCsvStream(bytes, options);
    for await (const batch of stream.batches()) {
      await onRows(batch, next);
      next += batch.length;
    }
    return { format, encoding: stream.encoding, delimiter: stream.delimiter };
  }
  const wb = await readWorkbookSafely(bytes, format, options);
  const size = options.batchSize ?? 2000;
  for (let i = 0; i < wb.rows.length; i += size) {
    await onRows(wb.rows.slice(i, i + size), i + 1);
  }
  return { format, sheetName: wb.sheetName, sheetNames: wb.sheetNames };
}

/**
 * Async-iterator variant for any format: `for await (const { rows, firstRowNumber } of iterateSpreadsheet(...))`.
 * Format detection and all refusals happen before the first batch; `info` resolves once known.
 */
export async function* iterateSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: SpreadsheetReadOptions = {},
): AsyncGenerator<{ rows: string[][]; firstRowNumber: number; info: SpreadsheetInfo }> {
  checkSize(bytes, options);
  const format = resolveFormat(bytes, fileName, options.allowedExtensions ?? ALL_EXTENSIONS);
  let next = 1;
  if (format === 'csv') {
    const stream = await openCsvStream(bytes, options);
    const info: SpreadsheetInfo = { format, encoding: stream.encoding, delimiter: stream.delimiter };
    for await (const rows of stream.batches()) {
      yield { rows, firstRowNumber: next, info };
      next += rows.length;
    }
    return;
  }
  const wb = await readWorkbookSafely(bytes, format, options);
  const info: SpreadsheetInfo = { format, sheetName: wb.sheetName, sheetNames: wb.sheetNames };
  const size = options.batchSize ?? 2000;
  for (let i = 0; i < wb.rows.length; i += size) yield { rows: wb.rows.slice(i, i + size), firstRowNumber: i + 1, info };
}
