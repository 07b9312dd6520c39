export { ListPage } from './list-page';
export { SEARCH_DEBOUNCE_MS } from './use-list-controls';
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
