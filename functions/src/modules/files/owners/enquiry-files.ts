import type { Principal } from '../../../model/user.js';
import type { EnquiryFolder } from '../../enquiries/enquiry-files.js';
import { ENQUIRY_FOLDERS } from '../../enquiries/enquiry-files.js';
import type { FileAccess, FileOwner } from '../file-owners.js';
import type { StoredObject } from '../file-store.js';

/** What the enquiry folders need from the enquiries area (EnquiriesService implements it). */
export interface EnquiryFileRules {
  /** read: canSeeEnquiry; change: the customer's unlocked enquiry (404 / 403 / 409 enquiryLocked) */
  authorizeFiles(principal: Principal, enquiryId: string, access: FileAccess): Promise<unknown>;
  /** reserves the revision of a new circuit diagram; the metadata to store with it */
  circuitDiagramRevision(principal: Principal, enquiryId: string): Promise<Record<string, string>>;
  /** refuses deleting a circuit diagram of an enquiry that was ever released */
  assertMayDelete(principal: Principal, enquiryId: string, file: StoredObject): Promise<void>;
  /** the change entry after an upload or delete */
  filesChanged(principal: Principal, enquiryId: string, folder: EnquiryFolder): Promise<void>;
}

/**
 * `enquiries/{enquiryId}/documents|regulation|language/`: an enquiry's files (docs/api.md "Enquiries").
 * Read by whoever sees the enquiry, changed by its customer while it is not locked; circuit diagrams in
 * the documents folder carry a revision and stay once the enquiry was released.
 */
export function enquiryFileOwners(rules: EnquiryFileRules): FileOwner[] {
  return (Object.keys(ENQUIRY_FOLDERS) as EnquiryFolder[]).map((folder) => ({
    prefix: ENQUIRY_FOLDERS[folder].prefix,
    context: ENQUIRY_FOLDERS[folder].context,
    async authorize(principal, { enquiryId }, access) {
      await rules.authorizeFiles(principal, enquiryId!, access);
    },
    async beforeStore(principal, { enquiryId }, upload) {
      if (folder !== 'documents' || upload.documentType !== 'CIRCUIT_DIAGRAM') return undefined;
      return rules.circuitDiagramRevision(principal, enquiryId!);
    },
    async beforeDelete(principal, { enquiryId }, file) {
      await rules.assertMayDelete(principal, enquiryId!, file);
    },
    async afterChange(principal, { enquiryId }) {
      await rules.filesChanged(principal, enquiryId!, folder);
    },
  }));
}
