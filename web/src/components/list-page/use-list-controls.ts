import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@model/constants';
import type { PageSize } from '@model/paging';
import type { ListQuery } from './list-page-types';
import type { SortDirection } from './list-utils';
import { useDebouncedValue } from './use-debounced-value';

/** How long the search box waits after the last key before server mode asks again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What the visitor asked of a list: the search (as typed; for server mode debounced, or sent on Enter), the sort,
 * the page asked for, the page size and the ticked filter values (null: no filter set). A new search, filter or
 * page size goes back to the first page.
 */
export function useListControls({
  serverMode,
  searchOnEnter,
  defaultSort,
  filter,
}: {
  serverMode: boolean;
  searchOnEnter: boolean;
  defaultSort?: { columnId: string; direction: SortDirection };
  /** the list's filter: its values ticked at first (none: no filter) */
  filter?: { initial?: string[] };
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), serverMode ? SEARCH_DEBOUNCE_MS : 0);
  const [entered, setEntered] = useState('');
  const [sort, setSort] = useState(defaultSort);
  // the page asked for; the one shown is the last one when the total shrank below it (useListRows)
  const [requestedPage, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [filterValues, setFilterValues] = useState<string[] | null>(filter?.initial ?? null);

  return {
    search,
    /** the search server mode sends */
    serverSearch: searchOnEnter ? entered : debounced,
    sort,
    setSort,
    requestedPage,
    setPage,
    pageSize,
    filterValues,
    /** what the list shows, without the page (the CSV export's query), sorted by `column` */
    listQuery: (column: string | undefined): ListQuery => ({
      column,
      sortDescending: sort?.direction === 'desc',
      // the search as typed, not waiting for the debounce
      search: (searchOnEnter ? entered : search.trim()) || undefined,
      filter: filterValues ?? undefined,
    }),
    onSearch: (text: string) => {
      setSearch(text);
      if (!searchOnEnter) setPage(0);
    },
    onSearchEnter: () => {
      if (!searchOnEnter) return;
      setEntered(search.trim());
      setPage(0);
    },
    onPageSize: (size: PageSize) => {
      setPageSize(size);
      setPage(0);
    },
    onFilter: (values: string[] | null) => {
      setFilterValues(values);
      setPage(0);
    },
  };
}
