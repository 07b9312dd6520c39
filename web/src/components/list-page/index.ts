export { ListPage } from './list-page';
export { SEARCH_DEBOUNCE_MS } from './use-list-controls';
export type { ListPageProps, BulkAction, ListRequest, ListExportRequest, ServerListFilter } from './list-page-types';
export { type ListColumn } from './list-utils';
export { ListPagination } from './list-pagination';
