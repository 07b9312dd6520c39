import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@model/company';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import type { User, UserSortColumn } from '@model/user';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /user/filter: the paging contract plus `search` and the company filter (at most 30 ids). */
export type GetUsersRequest = PageRequest<UserSortColumn> & { search?: string; companyIds?: string[] };

/** A row of the list: the user with its company's name and type (as /user/all answers). */
export type UserListItem = Omit<User, 'company'> & { company?: Pick<Company, 'name' | 'type'> };
export type GetUsersResponse = Page<UserListItem>;

/**
 * GET /user/filter - ADMIN company: all users (optionally of some companies); CUSTOMER/SUPPLIER admin: the
 * own company's users. One page plus the number of all matches.
 */
function getUsers(request: GetUsersRequest): Promise<GetUsersResponse> {
  return api.get<GetUsersResponse>('/user/filter', { query: pageRequestParams({ ...request }), toastOnError: true });
}

/** Keys: ['users', 'list'] for every page, ['users', 'list', request] for one (the page request is the key). */
export const getUsersQueryOptions = (request?: GetUsersRequest) =>
  queryOptions({
    queryKey: userKeys.list(request),
    queryFn: () => getUsers(request!),
    enabled: request !== undefined,
  });

export function useUsers({
  request,
  queryConfig,
}: {
  request: GetUsersRequest;
  queryConfig?: QueryConfig<typeof getUsersQueryOptions>;
}) {
  // the previous page stays visible while the next one loads
  return useQuery({ ...getUsersQueryOptions(request), placeholderData: keepPreviousData, ...queryConfig });
}
