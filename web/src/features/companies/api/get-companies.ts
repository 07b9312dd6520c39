import type { Company } from '@model/company';
import { api } from '@/lib/api-client';

/** GET /company/all - ADMIN company. */
export type GetCompaniesResponse = Company[];

export function getCompanies(): Promise<GetCompaniesResponse> {
  return api.get<GetCompaniesResponse>('/company/all', { toastOnError: true });
}
