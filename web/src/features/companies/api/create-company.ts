import type { Company, CompanyInput } from '@model/company';
import { api } from '@/lib/api-client';

/** POST /company/ - platform admin; answers 201 with the company (active, not pending). */
export type CreateCompanyRequest = CompanyInput;
export type CreateCompanyResponse = Company;

export function createCompany(company: CreateCompanyRequest): Promise<CreateCompanyResponse> {
  return api.post<CreateCompanyResponse>('/company/', company);
}
