export {
  ListPage,
  SEARCH_DEBOUNCE_MS,
  type ListPageProps,
  type BulkAction,
  type ListFilter,
  type ListRequest,
  type ServerListFilter,
  type ServerListSource,
} from './list-page';
export { type ListColumn, pageButtons, nextPageSize, toCsv, matchesSearch, sortRows } from './list-utils';
export { type FilterOption } from './filter-dialog';
