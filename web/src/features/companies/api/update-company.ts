import type { Company } from '@model/company';
import { api } from '@/lib/api-client';

/** POST /company/update - company with id; `pendingRegistration: false` on a pending company releases it. */
export type UpdateCompanyRequest = Partial<Company> & { id: string };
export type UpdateCompanyResponse = Company;

export function updateCompany(company: UpdateCompanyRequest): Promise<UpdateCompanyResponse> {
  return api.post<UpdateCompanyResponse>('/company/update', company);
}

/** Release of a pending registration. */
export function releaseCompany(id: string): Promise<UpdateCompanyResponse> {
  return updateCompany({ id, pendingRegistration: false });
}
