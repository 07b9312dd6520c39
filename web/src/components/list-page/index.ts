export { ListPage, SEARCH_DEBOUNCE_MS } from './list-page';
export type {
  ListPageProps,
  BulkAction,
  ListFilter,
  ListRequest,
  ListQuery,
  ListExportRequest,
  ServerListFilter,
  ServerListSource,
} from './list-page-types';
export { type ListColumn, pageButtons, nextPageSize, toCsv, matchesSearch, sortRows } from './list-utils';
export { type FilterOption } from './filter-dialog';
