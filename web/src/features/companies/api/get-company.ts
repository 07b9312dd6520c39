import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@model/company';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /company/?id= - platform admin, or the own company. No toast: the form page shows not found / forbidden. */
export type GetCompanyResponse = Company;

function getCompany(id: string): Promise<GetCompanyResponse> {
  return api.get<GetCompanyResponse>('/company/', { query: { id } });
}

export const getCompanyQueryOptions = (id: string) =>
  queryOptions({ queryKey: companyKeys.detail(id), queryFn: () => getCompany(id) });

/** One company; `initialData`: the row a list passed in navigation state. */
export function useCompany({
  id,
  initialData,
  queryConfig,
}: {
  id: string;
  initialData?: Company;
  queryConfig?: QueryConfig<typeof getCompanyQueryOptions>;
}) {
  return useQuery({ ...getCompanyQueryOptions(id), initialData, ...queryConfig });
}
