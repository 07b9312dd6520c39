import { api } from '@/lib/api-client';

/** POST /company/delete?companyId= - sets the company inactive (not the own company). */
export interface DeleteCompanyResponse {
  ok: boolean;
}

export function deleteCompany(companyId: string): Promise<DeleteCompanyResponse> {
  return api.post<DeleteCompanyResponse>('/company/delete', {}, { query: { companyId } });
}
