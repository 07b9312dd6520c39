import { api } from '@/lib/api-client';
import { companyKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/** POST /company/delete?companyId= - sets the company inactive (not the own company). */
export interface DeleteCompanyResponse {
  ok: boolean;
}

function deleteCompany(companyId: string): Promise<DeleteCompanyResponse> {
  return api.post<DeleteCompanyResponse>('/company/delete', {}, { query: { companyId } });
}

/** Several companies at once (the list's bulk action): one result per id, in order. */
export function deleteCompanies(companyIds: string[]): Promise<PromiseSettledResult<DeleteCompanyResponse>[]> {
  return Promise.allSettled(companyIds.map(deleteCompany));
}

/** Deactivates the given companies; when all calls have settled, company queries are refetched once. */
export function useDeleteCompanies({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteCompanies> } = {}) {
  return useEndpointMutation(
    deleteCompanies,
    (queryClient) => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    mutationConfig,
  );
}
