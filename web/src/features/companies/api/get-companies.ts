import { queryOptions } from '@tanstack/react-query';
import type { Company, CompanySortColumn, CompanyType } from '@model/company';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** GET /company/filter: the paging contract plus `search` and the type filter. */
export type GetCompaniesRequest = PageRequest<CompanySortColumn> & { search?: string; types?: CompanyType[] };
export type GetCompaniesResponse = Page<Company>;

/** GET /company/filter - platform admin: one page of companies (inactive ones included) and the number of all matches. */
function getCompanies(request: GetCompaniesRequest): Promise<GetCompaniesResponse> {
  return api.get<GetCompaniesResponse>('/company/filter', {
    query: pageRequestParams({ ...request }),
    toastOnError: true,
  });
}

/**
 * Keys under the companies resource (lib/query-keys): every query about companies (this list, a record, other
 * features' company choices such as ['companies', 'all']) starts with ['companies'], so a change invalidates them all.
 */
export const getCompaniesQueryOptions = (request?: GetCompaniesRequest) =>
  queryOptions({
    queryKey: companyKeys.list(request),
    queryFn: () => getCompanies(request!),
    enabled: request !== undefined,
  });
