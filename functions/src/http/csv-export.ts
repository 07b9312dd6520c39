import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { csvLine, UTF8_BOM, type CsvCell } from '../spreadsheet/csv-writer.js';
import type * as yup from 'yup';
import { EXPORT_MAX_ROWS, exportRequestSchema, type ExportColumn } from '../model/paging.js';
import { ApiError } from '../platform/api-error.js';
import { attachmentDisposition } from './content-disposition.js';

/** How a list's export reads each column key off a row (the list's own fields, and derived ones like a status). */
export type ExportFields<T> = Record<string, (row: T) => unknown>;

const berlin = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A value as the web's table shows it: dates in German (Europe/Berlin), days as TT.MM.JJJJ, codes by their text. */
export function exportCell(value: unknown, column: Pick<ExportColumn, 'values'>): CsvCell {
  if (value === null || value === undefined) return '';
  const coded = column.values?.[String(value)];
  if (coded !== undefined) return coded;
  if (value instanceof Date) return berlin.format(value).replace(',', '');
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? '✓' : '';
  const text = String(value);
  const day = ISO_DAY.exec(text);
  return day ? `${day[3]}.${day[2]}.${day[1]}` : text;
}

/**
 * Streams a list export as CSV (UTF-8 with byte-order mark, `;`, every cell quoted, formula cells neutralised:
 * spreadsheet/csv-writer.ts): the header line from the columns' labels, then one line per row as the rows arrive.
 */
async function sendCsvExport<T>(
  res: Response,
  filename: string,
  columns: readonly ExportColumn[],
  rows: AsyncIterable<T>,
  fields: ExportFields<T>,
): Promise<void> {
  res.status(200).set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': attachmentDisposition(filename),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  async function* lines() {
    yield `${UTF8_BOM}${csvLine(columns.map((c) => c.label))}\r\n`;
    for await (const row of rows) yield `${csvLine(columns.map((c) => exportCell(fields[c.key]!(row), c)))}\r\n`;
  }
  // headers are out: a failure now can only end the response early
  await pipeline(Readable.from(lines()), res).catch(() => res.destroy());
}

/** A list to export: how many rows its filters match, and the rows in order (a repository's `rows(...)`). */
export interface ExportList<T> {
  count(): Promise<number>;
  rows: AsyncIterable<T>;
}

/**
 * POST /<area>/export: every row of the list for the caller's filters, streamed as CSV — or 413 exportTooLarge
 * (details: the cap) when the filters match more than EXPORT_MAX_ROWS, before anything is sent.
 */
export async function sendListExport<T>(
  res: Response,
  body: { fileName: string; columns: ExportColumn[] },
  list: ExportList<T>,
  fields: ExportFields<T>,
): Promise<void> {
  if ((await list.count()) > EXPORT_MAX_ROWS) throw new ApiError(413, 'exportTooLarge', { max: EXPORT_MAX_ROWS });
  await sendCsvExport(res, `${body.fileName}.csv`, body.columns, list.rows, fields);
}

/** A list's export: the fields a column may name, and the request schema over the list's own filters. */
export function defineListExport<T, F extends yup.ObjectShape>(fields: ExportFields<T>, filters: F) {
  return { fields, schema: exportRequestSchema(Object.keys(fields), filters) };
}
