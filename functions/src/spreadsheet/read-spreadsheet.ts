import { resolveFormat, ALL_EXTENSIONS, type SpreadsheetExtension, type SpreadsheetFormat } from './detect-format.js';
import { SpreadsheetError } from './errors.js';
import { openCsvStream, type CsvReadOptions } from './read-csv.js';
import { readWorkbook, readXlsxStreamed, type WorkbookReadOptions, type WorkbookReadResult } from './read-workbook.js';
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

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

function checkSize(bytes: Uint8Array, options: SpreadsheetReadOptions): void {
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (max > 0 && bytes.length > max)
    throw new SpreadsheetError('tooLarge', `file has ${bytes.length} bytes, limit ${max}`);
}

/** Declared-size check, then a streamed inflate check of every entry, then SheetJS. */
export async function readWorkbookSafely(
  bytes: Uint8Array,
  format: 'xlsx' | 'xls',
  options: WorkbookReadOptions = {},
): Promise<WorkbookReadResult> {
  if (format === 'xlsx') {
    await assertZipInflatesAsDeclared(bytes, assertSafeZip(bytes, options.zipLimits ?? DEFAULT_ZIP_LIMITS));
    const streamed =
      process.env.SPREADSHEET_XLSX_READER === 'sheetjs' ? undefined : await readXlsxStreamed(bytes, options);
    if (streamed) return streamed;
  }
  return readWorkbook(bytes, format, options);
}

/**
 * Reads an uploaded file into rows of display strings. Format is decided by content and cross-checked
 * against the name; every failure is a SpreadsheetError with an i18n key, never a crash.
 */
export async function readSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: SpreadsheetReadOptions = {},
): Promise<SpreadsheetData> {
  const rows: string[][] = [];
  const info = await streamSpreadsheet(
    bytes,
    fileName,
    (batch) => {
      for (const r of batch) rows.push(r);
    },
    options,
  );
  return { ...info, rows };
}

/** Format checks and refusals up front; the rows follow lazily in batches. */
async function openSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: SpreadsheetReadOptions,
): Promise<{ info: SpreadsheetInfo; batches: AsyncIterable<string[][]> | Iterable<string[][]> }> {
  checkSize(bytes, options);
  const format = resolveFormat(bytes, fileName, options.allowedExtensions ?? ALL_EXTENSIONS);
  if (format === 'csv') {
    const stream = await openCsvStream(bytes, options);
    return { info: { format, encoding: stream.encoding, delimiter: stream.delimiter }, batches: stream.batches() };
  }
  const wb = await readWorkbookSafely(bytes, format, options);
  return {
    info: { format, sheetName: wb.sheetName, sheetNames: wb.sheetNames },
    batches: inBatches(wb.rows, options.batchSize ?? 2000),
  };
}

function* inBatches(rows: string[][], size: number): Generator<string[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
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
  const { info, batches } = await openSpreadsheet(bytes, fileName, options);
  let next = 1;
  for await (const rows of batches) {
    await onRows(rows, next);
    next += rows.length;
  }
  return info;
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
  const { info, batches } = await openSpreadsheet(bytes, fileName, options);
  let next = 1;
  for await (const rows of batches) {
    yield { rows, firstRowNumber: next, info };
    next += rows.length;
  }
}
