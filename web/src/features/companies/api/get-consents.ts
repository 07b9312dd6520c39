import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Consent } from '@model/consent';
import type { Page, PageSize } from '@model/paging';
import { pageRequestParams } from '@model/paging';
import { api } from '@/lib/api-client';
import { consentKeys } from './keys';

/** GET /user/consents?companyId= - a company's acceptances, newest first (platform administrators). */
export interface ConsentPageRequest {
  companyId: string;
  page: number;
  paginationSize: PageSize;
}

function getConsents(request: ConsentPageRequest): Promise<Page<Consent>> {
  return api.get<Page<Consent>>('/user/consents', {
    query: pageRequestParams({ ...request, column: 'acceptedAt', sortDescending: true }),
    toastOnError: true,
  });
}

const getConsentsQueryOptions = (request: ConsentPageRequest) =>
  queryOptions({ queryKey: consentKeys.list(request), queryFn: () => getConsents(request) });

/** One page of a company's acceptances; the previous page stays shown while the next loads. */
export function useConsents(request: ConsentPageRequest) {
  return useQuery({ ...getConsentsQueryOptions(request), placeholderData: keepPreviousData });
}
