import type { Page } from '@model/paging';

type Sortable = string | number | Date | boolean | undefined | null;

export interface PageServerOptions<T> {
  /** text the search matches (case-insensitive contains) */
  searchText?: (row: T) => string;
  /** sortable columns: column name -> value */
  columns?: Record<string, (row: T) => Sortable>;
  /** list filters: query parameter -> does the row match one of the (comma-separated) values */
  filters?: Record<string, (row: T, values: string[]) => boolean>;
}

/**
 * Answers a server-mode list request (`@model/paging`) from an array, as a `mockFetch` handler result:
 * zero-based `page`, `paginationSize`, `column` + `sortDescending`, `search` and the list's filters.
 */
export function answerPage<T>(url: string, rows: T[], options: PageServerOptions<T> = {}): { body: Page<T> } {
  const query = new URL(url, 'http://test').searchParams;
  const page = Number(query.get('page') ?? 0);
  const size = Number(query.get('paginationSize') ?? 15);
  const search = query.get('search')?.toLocaleLowerCase('de');
  let matches = rows.filter(
    (row) => !search || (options.searchText?.(row) ?? '').toLocaleLowerCase('de').includes(search),
  );
  for (const [param, test] of Object.entries(options.filters ?? {})) {
    const values = query.get(param);
    if (values !== null) matches = matches.filter((row) => test(row, values.split(',')));
  }
  const value = options.columns?.[query.get('column') ?? ''];
  if (value) {
    const sign = query.get('sortDescending') === 'true' ? -1 : 1;
    const key = (row: T) => {
      const v = value(row);
      return v instanceof Date ? v.getTime() : v;
    };
    matches = [...matches].sort((a, b) => {
      const x = key(a) ?? '';
      const y = key(b) ?? '';
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  }
  return { body: { content: matches.slice(page * size, page * size + size), totalElements: matches.length } };
}
