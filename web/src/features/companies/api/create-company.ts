import type { Company, CompanyInput } from '@model/company';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/** POST /company/ - platform admin; answers 201 with the company (active, not pending). */
export type CreateCompanyRequest = CompanyInput;
export type CreateCompanyResponse = Company;

export function createCompany(company: CreateCompanyRequest): Promise<CreateCompanyResponse> {
  return api.post<CreateCompanyResponse>('/company/', company);
}

/** Creates a company; every company query is refetched. */
export function useCreateCompany({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createCompany> } = {}) {
  return useEndpointMutation(
    createCompany,
    (queryClient) => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    mutationConfig,
  );
}
