import { ApiError } from '../../platform/api-error.js';
import { authorizeRecord } from '../../http/record-access.js';
import { COMPANY_DOCUMENTS_PREFIX } from '../../model/files.js';
import { mayChangeCompanyDocuments, mayKnowCompany, mayReadCompanyDocuments } from '../../model/permissions.js';
import type { CompaniesRepository } from './companies.repository.js';
import type { FileOwner } from '../../platform/files/file-owners.js';

/**
 * `companies/{companyId}/documents/`: a company's documents (signed AVV, certificates). Members read, the
 * company's admins and platform admins upload and delete (model/permissions.ts); callers who may not know
 * the company get 404 before anything is read.
 */
export function companyDocumentsOwner(companies: Pick<CompaniesRepository, 'get'>): FileOwner {
  return {
    prefix: COMPANY_DOCUMENTS_PREFIX,
    context: 'general',
    async authorize(principal, { companyId }, access) {
      if (!companyId || !mayKnowCompany(principal, companyId)) throw ApiError.notFound();
      // the caller's own company was loaded with the principal: read only a foreign one (platform admins)
      const company = companyId === principal.company.id ? principal.company : await companies.get(companyId);
      const may = access === 'read' ? mayReadCompanyDocuments : mayChangeCompanyDocuments;
      authorizeRecord(principal, company, { see: () => true, act: (c) => may(principal, c.id), seesAll: true });
    },
  };
}
