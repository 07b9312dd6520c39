import type { Authenticate } from '../../http/authenticate.js';
import type { AreaModule } from '../../http/area-module.js';
import type { CompaniesRepository } from '../companies/companies.repository.js';
import { FileOwners } from './file-owners.js';
import { StorageFileStore, type FileStore } from './file-store.js';
import { FilesService } from './files.service.js';
import { filesRouter } from './files.router.js';
import { companyDocumentsOwner } from './owners/company-documents.js';
import { enquiryFileOwners, type EnquiryFileRules } from './owners/enquiry-files.js';
import { offerFilesOwner, type OfferFileRules } from './owners/offer-files.js';

export interface FilesModuleDeps {
  authenticate: Authenticate;
  companiesRepo: Pick<CompaniesRepository, 'get'>;
  /** the enquiry folders' rules (the enquiries area's service) */
  enquiries: EnquiryFileRules;
  /** the offer documents folder's rules (the offers area's service) */
  offers: OfferFileRules;
  bucket: ConstructorParameters<typeof StorageFileStore>[0];
  /** defaults to the bucket; tests inject an in-memory store */
  store?: FileStore;
}

/**
 * The files area: the generic /file calls over the table of owners. Each area that keeps files adds its
 * owner here (one line), e.g. `companies/{companyId}/documents/`.
 */
export function createFilesModule(deps: FilesModuleDeps): AreaModule {
  const owners = new FileOwners().register(companyDocumentsOwner(deps.companiesRepo));
  for (const owner of enquiryFileOwners(deps.enquiries)) owners.register(owner);
  owners.register(offerFilesOwner(deps.offers));
  const service = new FilesService(owners, deps.store ?? new StorageFileStore(deps.bucket));
  return { path: '/file', router: filesRouter(deps.authenticate, service) };
}
