import { useMemo, useState } from 'react';
import { keepPreviousData, skipToken, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { Page, PageSize } from '@model/paging';
import type { ApiError } from '@/lib/api-client';
import type { ListFilter, ListRequest, ServerListSource } from './list-page-types';
import { matchesSearch, pageCount, sortRows, type ListColumn, type SortDirection } from './list-utils';

// Hooks are called unconditionally: client mode (and an empty filter selection) runs this query that never fetches.
function noServerQuery<T, Key extends QueryKey>(): UseQueryOptions<Page<T>, ApiError, Page<T>, Key> {
  return { queryKey: ['list-page', 'no-request'] as unknown as Key, queryFn: skipToken };
}

interface ListRowsInput<T, Key extends QueryKey> {
  rows: T[] | undefined;
  server: ServerListSource<T, string, Key> | undefined;
  columns: ListColumn<T>[];
  /** client mode's filter over a derived value of a row */
  rowFilter: ListFilter<T> | undefined;
  /** the ticked filter values; null: no filter set */
  filterValues: string[] | null;
  /** client mode: the search box as typed */
  search: string;
  /** server mode: the search sent (debounced, or as entered) */
  serverSearch: string;
  sort: { columnId: string; direction: SortDirection } | undefined;
  /** the page asked for (the one shown is the last one when the total shrank below it) */
  requestedPage: number;
  pageSize: PageSize;
}

/**
 * The rows a list shows, from either source: client mode searches, filters, sorts and pages `rows` in memory;
 * server mode asks one page per request (the paging contract of `@model/paging`) and keeps the last total, which
 * bounds the page (a delete may have removed the last page). An empty filter selection matches nothing and asks
 * nobody.
 */
export function useListRows<T, Key extends QueryKey>(input: ListRowsInput<T, Key>) {
  const { rows, server, columns, rowFilter, filterValues, search, sort, pageSize } = input;
  const sortable = (c: ListColumn<T>) =>
    !c.action && c.sortable !== false && (!server || server.sortColumns.includes(c.id));
  const sortColumn = columns.find((c) => c.id === sort?.columnId && sortable(c));

  const visible = useMemo(() => {
    if (!rows) return [];
    const filtered = rows.filter(
      (r) =>
        (!rowFilter || filterValues === null || filterValues.includes(rowFilter.valueOf(r))) &&
        matchesSearch(r, columns, search),
    );
    return sortRows(filtered, sortColumn, sort?.direction ?? 'asc');
  }, [rows, columns, search, sortColumn, sort?.direction, rowFilter, filterValues]);

  const nothingMatches = filterValues !== null && filterValues.length === 0;
  const [serverTotal, setServerTotal] = useState<number | undefined>(undefined);
  const total = rows ? visible.length : nothingMatches ? 0 : (serverTotal ?? 0);
  const pages = pageCount(total, pageSize);
  const page = rows || serverTotal !== undefined ? Math.min(input.requestedPage, pages - 1) : input.requestedPage;
  const request: ListRequest = {
    page,
    paginationSize: pageSize,
    column: sortColumn?.id,
    sortDescending: sort?.direction === 'desc',
    search: input.serverSearch || undefined,
    filter: filterValues ?? undefined,
  };
  const query = useQuery(
    server && !nothingMatches
      ? { ...server.queryOptions(request), placeholderData: keepPreviousData }
      : noServerQuery<T, Key>(),
  );
  // remember the total of the latest answer (adjusting state while rendering, not in an effect)
  const answeredTotal = query.data?.totalElements;
  if (answeredTotal !== undefined && answeredTotal !== serverTotal) setServerTotal(answeredTotal);
  const pageRows = rows
    ? visible.slice(page * pageSize, page * pageSize + pageSize)
    : nothingMatches
      ? []
      : (query.data?.content ?? []);

  return {
    sortable,
    sortColumn,
    /** client mode: every row that matches (all pages) */
    visible,
    nothingMatches,
    total,
    pages,
    page,
    pageRows,
    fetching: server !== undefined && query.isFetching,
  };
}
