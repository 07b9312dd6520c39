import type { ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ExportColumn, Page, PageRequest } from '@model/paging';
import type { ApiError } from '@/lib/api-client';
import type { FilterOption } from './filter-dialog';
import type { ListColumn, SortDirection } from './list-utils';

/** A bulk action on the selected rows (e.g. delete), confirmed with yes/no. Give `run` or `runAll`. */
export interface BulkAction<T> {
  labelKey: string;
  icon?: ReactNode;
  confirmTitleKey: string;
  confirmTextKey: string;
  /**
   * the rows the action can succeed on (the model's rule, as the server decides); the others cannot be selected.
   * Absent: every row.
   */
  appliesTo?: (row: T) => boolean;
  /** one call per selected row; resolving to false (or rejecting) counts as failure */
  run?: (row: T) => Promise<unknown>;
  /**
   * all selected rows in one call - an endpoint's mutation that refreshes its queries once when done; one
   * settled result per row (a rejected one or a fulfilled `false` counts as failure)
   */
  runAll?: (rows: T[]) => Promise<PromiseSettledResult<unknown>[]>;
  /** shown when every row succeeded; `{{count}}`: how many */
  successKey: string;
  /** shown when some failed; `{{count}}`: how many failed */
  errorKey: string;
  /** how the failure is shown (default error; the field-value lists warn, spec 02 §8) */
  failureLevel?: 'error' | 'warn';
}

/**
 * Checkbox filter of server mode: the ticked values go to the server as `filter` of the list request (all
 * ticked = no filter).
 */
export interface ServerListFilter {
  titleKey: string;
  options: FilterOption[];
  /** at most this many values may be ticked (unless all are), e.g. 30 for a Firestore `in` filter */
  max?: number;
  /** the values ticked when the list opens (default: none, i.e. no filter), e.g. the jobs still running */
  initial?: string[];
}

/** Checkbox filter of client mode: over one derived value of a row (e.g. the type of a company). */
export interface ListFilter<T> extends ServerListFilter {
  valueOf: (row: T) => string;
}

/** What server mode sends: the model's paging contract plus the search text and the filter values. */
export interface ListRequest<Column extends string = string> extends PageRequest<Column> {
  /** the search box, trimmed and debounced; absent when empty */
  search?: string;
  /** the ticked filter values; absent when there is no filter */
  filter?: string[];
}

/** What the list shows, without the page: the search, the filter and the sort. */
export type ListQuery<Column extends string = string> = Omit<ListRequest<Column>, 'page' | 'paginationSize'>;

/** Server mode's CSV export: every row of the list as it is searched, filtered and sorted, in the table's columns. */
export interface ListExportRequest<Column extends string = string> {
  /** the file's name without `.csv` */
  fileName: string;
  query: ListQuery<Column>;
  /** the exported columns in order: the export field, the header the table shows, the texts of codes */
  columns: ExportColumn[];
}

/** Server mode: one page per request; sorting, search, filter and paging happen on the server. */
export interface ServerListSource<T, Column extends string = string, Key extends QueryKey = QueryKey> {
  /** the endpoint's query options for a request (the request is part of the query key) */
  queryOptions(request: ListRequest<Column>): UseQueryOptions<Page<T>, ApiError, Page<T>, Key>;
  /** the columns the server sorts by; other columns are not sortable in server mode */
  sortColumns: readonly Column[];
  /**
   * the area's export (`POST /<area>/export`, streamed by the server: every row the query matches, up to its cap);
   * without it the export holds the page on screen
   */
  exportRows?(request: ListExportRequest<Column>): Promise<unknown>;
}

interface ListPageBaseProps<T> {
  title: string;
  columns: ListColumn<T>[];
  getRowId: (row: T) => string;
  loading?: boolean;
  /** shows the add button */
  onAdd?: () => void;
  addLabelKey?: string;
  /** enables row selection and the context bar */
  bulkAction?: BulkAction<T>;
  /** called after a bulk action (client mode: reload the list; server mode: the mutation refreshes it) */
  onReload?: () => void;
  /** enables the export button; file name without extension */
  exportFileName?: string;
  defaultSort?: { columnId: string; direction: SortDirection };
  /**
   * phone cards (below `sm` a row is a card): the column whose text names the row (default: the first that is no
   * action) and the column that shows its state (its `render`, e.g. a chip), both at the card's top
   */
  cardTitle?: string;
  cardState?: string;
  /** the search box's label (default `list.search`) */
  searchLabelKey?: string;
  /** server mode: the search is sent when Enter is pressed (e.g. the article list's order number), not while typing */
  searchOnEnter?: boolean;
  /** content between header and table (e.g. the last-login box) */
  children?: ReactNode;
  emptyKey?: string;
}

/** Client mode (`rows`: the whole, short list) or server mode (`server`: pages from the API). */
export type ListPageProps<T, Key extends QueryKey = QueryKey> = ListPageBaseProps<T> &
  (
    | { rows: T[]; server?: undefined; filter?: ListFilter<T> }
    | { server: ServerListSource<T, string, Key>; rows?: undefined; filter?: ServerListFilter }
  );
