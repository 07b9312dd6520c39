import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyInput } from '@model/company';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { COMPANIES_KEY } from './get-companies';

/** POST /company/ - platform admin; answers 201 with the company (active, not pending). */
export type CreateCompanyRequest = CompanyInput;
export type CreateCompanyResponse = Company;

export function createCompany(company: CreateCompanyRequest): Promise<CreateCompanyResponse> {
  return api.post<CreateCompanyResponse>('/company/', company);
}

/** Creates a company; every company query is refetched. */
export function useCreateCompany({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createCompany> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
      await onSuccess?.(...args);
    },
    mutationFn: createCompany,
  });
}
