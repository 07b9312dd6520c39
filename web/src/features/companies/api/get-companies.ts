import { queryOptions } from '@tanstack/react-query';
import type { Company, CompanySortColumn, CompanyType } from '@model/company';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api } from '@/lib/api-client';

/** GET /company/filter: the paging contract plus `search` and the type filter. */
export type GetCompaniesRequest = PageRequest<CompanySortColumn> & { search?: string; types?: CompanyType[] };
export type GetCompaniesResponse = Page<Company>;

/** GET /company/filter - platform admin: one page of companies (inactive ones included) and the number of all matches. */
export function getCompanies(request: GetCompaniesRequest): Promise<GetCompaniesResponse> {
  return api.get<GetCompaniesResponse>('/company/filter', {
    query: pageRequestParams({ ...request }),
    toastOnError: true,
  });
}

/**
 * ['companies'] is the resource: every query about companies (this list, a record, other features' company
 * choices such as ['companies', 'all']) starts with it, so a change invalidates them all at once.
 */
export const COMPANIES_KEY = ['companies'] as const;

export const getCompaniesQueryOptions = (request?: GetCompaniesRequest) =>
  queryOptions({
    queryKey: request ? [...COMPANIES_KEY, 'list', request] : [...COMPANIES_KEY, 'list'],
    queryFn: () => getCompanies(request!),
    enabled: request !== undefined,
  });
