import { companySchema, type Company, type CompanyInput } from '@model/company';
import { api } from '@/lib/api-client';

/**
 * POST /company/update - the full company form with id; `pendingRegistration: false` on a pending company
 * releases it; `active` re-/deactivates.
 */
export type UpdateCompanyRequest = CompanyInput & { id: string; pendingRegistration?: boolean; active?: boolean };
export type UpdateCompanyResponse = Company;

export function updateCompany(company: UpdateCompanyRequest): Promise<UpdateCompanyResponse> {
  return api.post<UpdateCompanyResponse>('/company/update', company);
}

/** The form fields of a stored company (what /company/update validates). */
export function companyFormOf(company: Company): CompanyInput {
  return {
    name: company.name,
    type: company.type as CompanyInput['type'],
    customerNumber: company.customerNumber ?? '',
    additionalInfo: company.additionalInfo ?? '',
    address: { ...company.address },
  };
}

/** Can the company be released as is? A registered CUSTOMER needs its customerNumber first (form). */
export function releasableAsIs(company: Company): boolean {
  return companySchema.isValidSync(companyFormOf(company));
}

/** Release of a pending registration (the form fields are sent along, unchanged). */
export function releaseCompany(company: Company): Promise<UpdateCompanyResponse> {
  return updateCompany({ ...companyFormOf(company), id: company.id, pendingRegistration: false });
}
