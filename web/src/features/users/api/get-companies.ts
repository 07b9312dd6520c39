import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@model/company';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /company/all - ADMIN company only (company selection and the company filter of the user list). */
type GetCompaniesResponse = Company[];

function getCompanies(): Promise<GetCompaniesResponse> {
  return api.get<GetCompaniesResponse>('/company/all');
}

/** Keyed under the companies resource, so the companies feature's changes (invalidating ['companies']) refresh it. */
export const getCompaniesQueryOptions = () => queryOptions({ queryKey: companyKeys.choices(), queryFn: getCompanies });

export function useCompanies({ queryConfig }: { queryConfig?: QueryConfig<typeof getCompaniesQueryOptions> } = {}) {
  return useQuery({ ...getCompaniesQueryOptions(), ...queryConfig });
}
