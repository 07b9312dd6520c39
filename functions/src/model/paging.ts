import * as yup from 'yup';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants.js';
import { VALIDATION_KEYS as V } from './validation.js';

/**
 * The one paging contract of every server-side list (spec: `/enquiry/filter`, `/offer/filter`,
 * `/article/filter`): zero-based `page`, `paginationSize` from PAGE_SIZES, an optional sort `column`
 * with `sortDescending`, plus the list's own filters as flat query parameters (lists comma-joined, see
 * commaList). Answered as `Page<T>` by the repository helper data/paged-query.ts.
 */
export type PageSize = (typeof PAGE_SIZES)[number];

export interface PageRequest<Column extends string = string> {
  page: number;
  paginationSize: PageSize;
  column?: Column;
  sortDescending: boolean;
}

/** One page of a list and the number of all records that match the filters. */
export interface Page<T> {
  content: T[];
  totalElements: number;
}

/** The deepest page a client may ask for: offset paging beyond this is refused (a cursor is cheaper). */
const MAX_PAGE_INDEX = 1000;

/**
 * The yup schema of a list's query: the paging fields plus `filters`. `columns` are the sortable columns
 * the list's repository can order by (each backed by an index); anything else answers 400.
 */
export function pageRequestSchema<Column extends string, F extends yup.ObjectShape>(
  columns: readonly Column[],
  filters: F,
) {
  return yup.object({
    page: yup
      .number()
      .typeError('validation.type')
      .integer('validation.integer')
      .min(0, 'validation.min')
      .max(MAX_PAGE_INDEX, 'validation.max')
      .default(0),
    paginationSize: yup
      .number()
      .typeError('validation.type')
      .oneOf([...PAGE_SIZES], 'validation.oneOf')
      .default(DEFAULT_PAGE_SIZE),
    column: yup
      .string()
      .typeError(V.type)
      .oneOf([...columns], 'validation.oneOf')
      .optional(),
    sortDescending: yup.boolean().typeError('validation.type').default(false),
    ...filters,
  });
}

/**
 * A list filter sent as one comma-joined query value (`types=CUSTOMER,SUPPLIER`; a repeated parameter works
 * too): split, trimmed, empty parts dropped, each part checked by `item`, at most `max` parts.
 */
export function commaList<T extends string>(item: yup.Schema<T>, max: number) {
  return yup
    .array()
    .typeError(V.type)
    .of(item)
    .transform((_value: unknown, original: unknown) => {
      if (original === undefined || original === null || original === '') return undefined;
      const parts = (Array.isArray(original) ? original : [original]).flatMap((v) => String(v).split(','));
      const list = parts.map((p) => p.trim()).filter(Boolean);
      return list.length ? list : undefined;
    })
    .max(max, 'validation.max')
    .optional();
}

/** Query-string form of a page request (what the web sends; the server parses it with pageRequestSchema). */
export function pageRequestParams(request: PageRequest & Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

/**
 * A record's list row: its id and the list's fields (`<AREA>_LIST_FIELDS`), absent ones left out, as the
 * server's list projection (`listViewConverter`) answers them.
 */
export function listRow<T extends { id: string }, K extends keyof T>(
  record: T,
  fields: readonly K[],
): Pick<T, 'id' | K> {
  const row: Partial<T> = { id: record.id } as Partial<T>;
  for (const field of fields) if (record[field] !== undefined && record[field] !== null) row[field] = record[field];
  return row as Pick<T, 'id' | K>;
}

/** The most rows one export answers; a filter matching more answers 413 exportTooLarge (narrow the filter). */
export const EXPORT_MAX_ROWS = 10_000;

/**
 * One column of a list export, as the web's table shows it: which field (`key`, from the list's export keys),
 * its header text, and for a field of codes (a state) the text of each code.
 */
export interface ExportColumn {
  key: string;
  label: string;
  values?: Record<string, string>;
}

/**
 * POST /<area>/export body: the list's filters and sort (`filters`: the list's own filter fields, as its
 * /filter query takes them, without page and size) and the columns, in order. The file holds every row the
 * filters match (up to EXPORT_MAX_ROWS).
 */
export function exportRequestSchema<F extends yup.ObjectShape>(keys: readonly string[], filters: F) {
  return yup.object({
    /** the file's name without `.csv` (letters, digits, blanks, `-`, `_`) */
    fileName: yup
      .string()
      .typeError(V.type)
      .trim()
      .matches(/^[\p{L}\p{N} _-]{1,60}$/u, V.type)
      .default('Export'),
    query: yup.object(filters).default({}),
    columns: yup
      .array()
      .typeError(V.type)
      .of(
        yup.object({
          key: yup
            .string()
            .typeError(V.type)
            .oneOf([...keys], V.oneOf)
            .required(V.required),
          label: yup.string().typeError(V.type).trim().max(100, 'validation.max').required(V.required),
          values: yup
            .mixed<Record<string, string>>()
            .test('labels', V.type, (v) => {
              if (v === undefined) return true;
              if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
              const entries = Object.entries(v);
              return entries.length <= 50 && entries.every(([, t]) => typeof t === 'string' && t.length <= 100);
            })
            .optional(),
        }),
      )
      .min(1, 'validation.min')
      .max(30, 'validation.max')
      .required(V.required),
  });
}
