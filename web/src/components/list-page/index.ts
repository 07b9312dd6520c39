export { ListPage, type ListPageProps, type BulkAction, type ListFilter } from './list-page';
export { type ListColumn, pageButtons, nextPageSize, toCsv, matchesSearch, sortRows } from './list-utils';
export { type FilterOption } from './filter-dialog';
