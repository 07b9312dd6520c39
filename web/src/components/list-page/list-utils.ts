import { MAX_PAGE_BUTTONS, PAGE_SIZES } from '@model/constants';
import type { PageSize } from '@model/paging';
import { formatDateTime } from '@/lib/format';
import type { ReactNode } from 'react';

type CellValue = string | number | boolean | Date | null | undefined;
export type SortDirection = 'asc' | 'desc';

/** One table column. `value` feeds sorting; `text` (default: formatted value) feeds search, cells and export. */
export interface ListColumn<T> {
  id: string;
  /** i18n key of the header */
  labelKey: string;
  value?: (row: T) => CellValue;
  /** display/search/export text; default: the formatted value (dates dd.MM.yyyy HH:mm) */
  text?: (row: T) => string;
  /** custom cell content (default: text) */
  render?: (row: T) => ReactNode;
  /** default true unless action */
  sortable?: boolean;
  /** an action column: not searched, not sorted, not exported */
  action?: boolean;
  align?: 'left' | 'right' | 'center';
  /** server mode's export: the field of the area's export (`functions/src/modules/<area>/<area>-export.ts`); default `id` */
  exportKey?: string;
  /** server mode's export of a column of codes (a state): the text of each code, as the cells show them */
  exportValues?: Record<string, string>;
}

function formatCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'boolean') return value ? '✓' : '';
  return String(value);
}

export function cellText<T>(column: ListColumn<T>, row: T): string {
  if (column.text) return column.text(row);
  return column.value ? formatCell(column.value(row)) : '';
}

/** Case-insensitive "contains" over every text cell (action columns excluded). */
export function matchesSearch<T>(row: T, columns: ListColumn<T>[], term: string): boolean {
  const needle = term.trim().toLocaleLowerCase('de');
  if (!needle) return true;
  return columns.some((c) => !c.action && cellText(c, row).toLocaleLowerCase('de').includes(needle));
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

function compareValues(a: CellValue, b: CellValue): number {
  const empty = (v: CellValue) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(formatCell(a), formatCell(b));
}

/** Stable sort by a column; empty values always last. */
export function sortRows<T>(rows: T[], column: ListColumn<T> | undefined, direction: SortDirection): T[] {
  if (!column) return rows;
  const get = (r: T): CellValue => (column.value ? column.value(r) : cellText(column, r));
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => {
      const a = get(x.row);
      const b = get(y.row);
      const emptyA = a === null || a === undefined || a === '';
      const emptyB = b === null || b === undefined || b === '';
      if (emptyA || emptyB) return emptyA === emptyB ? x.i - y.i : emptyA ? 1 : -1;
      const c = compareValues(a, b);
      return (direction === 'asc' ? c : -c) || x.i - y.i;
    })
    .map((e) => e.row);
}

export type PageButton = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Zero-based page buttons: at most MAX_PAGE_BUTTONS numbers; the first and last page are always shown,
 * gaps become ellipses.
 */
export function pageButtons(current: number, total: number, max: number = MAX_PAGE_BUTTONS): PageButton[] {
  if (total <= 0) return [];
  if (total <= max) return Array.from({ length: total }, (_, i) => i);
  const inner = max - 2;
  const page = Math.min(Math.max(current, 0), total - 1);
  const start = Math.min(Math.max(page - Math.floor((inner - 1) / 2), 1), total - 1 - inner);
  const end = start + inner - 1;
  const buttons: PageButton[] = [0];
  if (start > 1) buttons.push('ellipsis-start');
  for (let i = start; i <= end; i++) buttons.push(i);
  if (end < total - 2) buttons.push('ellipsis-end');
  buttons.push(total - 1);
  return buttons;
}

/** The next page size of the list (5, 10, ... 30, then wraps to 5). */
export function nextPageSize(size: number): PageSize {
  const i = PAGE_SIZES.indexOf(size as PageSize);
  return PAGE_SIZES[(i + 1) % PAGE_SIZES.length];
}

export function pageCount(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / pageSize));
}

/** Text that Excel/LibreOffice would read as a formula (CSV injection): = + - @ tab CR at the start. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A quoted CSV field; formula-like text gets a leading `'` so spreadsheets show it as text. */
export function quote(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** CSV for Excel: UTF-8 BOM, ';' separated, every field quoted, CRLF; action columns left out. */
export function toCsv<T>(rows: T[], columns: ListColumn<T>[], headerText: (c: ListColumn<T>) => string): string {
  const exported = columns.filter((c) => !c.action);
  const lines = [exported.map((c) => quote(headerText(c))).join(';')];
  for (const row of rows) lines.push(exported.map((c) => quote(cellText(c, row))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
