import { queryOptions } from '@tanstack/react-query';
import type { __Pascal__Record, __Pascal__SortColumn } from '@model/__kebab__';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api } from '@/lib/api-client';
import { __camel__Keys } from './keys';

/** GET /__kebab__/filter: the paging contract plus `search`. */
type Get__Pascal__ListRequest = PageRequest<__Pascal__SortColumn> & { search?: string };

/** GET /__kebab__/filter - platform admin: one page of records and the number of all matches. */
function get__Pascal__List(request: Get__Pascal__ListRequest): Promise<Page<__Pascal__Record>> {
  return api.get<Page<__Pascal__Record>>('/__kebab__/filter', {
    query: pageRequestParams({ ...request }),
    toastOnError: true,
  });
}

/** Keys: ['__kebab__', 'list'] for every page, ['__kebab__', 'list', request] for one. */
export const get__Pascal__ListQueryOptions = (request?: Get__Pascal__ListRequest) =>
  queryOptions({
    queryKey: __camel__Keys.list(request),
    queryFn: () => get__Pascal__List(request!),
    enabled: request !== undefined,
  });
