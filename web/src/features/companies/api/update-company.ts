import { companySchema, type Company, type CompanyInput, type CompanyUpdateInput } from '@model/company';
import { api } from '@/lib/api-client';
import { storeRecord } from '@/lib/query-keys';
import { companyKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/**
 * POST /company/update - the model's company form with id; `pendingRegistration: false` on a pending company
 * releases it; `active` re-/deactivates.
 */
export type UpdateCompanyRequest = CompanyUpdateInput;
export type UpdateCompanyResponse = Company;

export function updateCompany(company: UpdateCompanyRequest): Promise<UpdateCompanyResponse> {
  return api.post<UpdateCompanyResponse>('/company/update', company);
}

/** The form fields of a stored company (what /company/update validates), through the model's schema. */
export function companyFormOf(company: Company): CompanyInput {
  return companySchema.cast(
    { customerNumber: '', additionalInfo: '', ...company, address: { ...company.address } },
    { stripUnknown: true, assert: false },
  ) as CompanyInput;
}

/** Release of a pending registration (the form fields are sent along, unchanged). */
export function releaseCompany(company: Company): Promise<UpdateCompanyResponse> {
  return updateCompany({ ...companyFormOf(company), id: company.id, pendingRegistration: false });
}

/** Saves a company: the answer becomes its detail query, everything else about companies is refetched. */
export function useUpdateCompany({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateCompany> } = {}) {
  return useEndpointMutation(
    updateCompany,
    (queryClient, company) => storeRecord(queryClient, companyKeys, company),
    mutationConfig,
  );
}

/** Releases a pending company (see releaseCompany); company queries are refetched. */
export function useReleaseCompany({ mutationConfig }: { mutationConfig?: MutationConfig<typeof releaseCompany> } = {}) {
  return useEndpointMutation(
    releaseCompany,
    (queryClient) => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    mutationConfig,
  );
}
