import type { Company } from '@model/company';
import { api } from '@/lib/api-client';

/** GET /company/?id= - platform admin, or the own company. */
export type GetCompanyResponse = Company;

export function getCompany(id: string): Promise<GetCompanyResponse> {
  return api.get<GetCompanyResponse>('/company/', { query: { id }, toastOnError: true });
}
