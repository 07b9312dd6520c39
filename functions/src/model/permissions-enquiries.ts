import { isEnquiryLocked, type Enquiry } from './enquiry.js';
import type { Principal } from './user.js';

/**
 * Rules about one enquiry record (pure; checked in the service on the record it read; the web shows its
 * buttons by them). Decisions (docs/decisions-enquiries.md):
 * - every user of the customer company sees and edits the company's enquiries (not only their author);
 * - the market is open: every supplier sees every released, unarchived enquiry (closed ones too, so an
 *   offer can always show what it answered) and may offer on it unless it is closed;
 * - admin-company users (the operator) and EXTERNAL users see no enquiries.
 */
export type EnquiryCaller = Pick<Principal, 'companyType' | 'company' | 'restriction'>;
type Record = Pick<Enquiry, 'customerId' | 'released' | 'closed' | 'archived'>;

export function isEnquiryCustomer(caller: EnquiryCaller, enquiry: Pick<Enquiry, 'customerId'>): boolean {
  return !caller.restriction && caller.companyType === 'CUSTOMER' && caller.company.id === enquiry.customerId;
}

/** The callers who may use the enquiry calls at all (a guard: facts about the caller only). */
export function usesEnquiries(caller: EnquiryCaller): boolean {
  return caller.companyType === 'CUSTOMER' || caller.companyType === 'SUPPLIER';
}

/** GET /enquiry/, the files: the customer company always; suppliers when released and not archived. */
export function canSeeEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  if (isEnquiryCustomer(caller, enquiry)) return true;
  return !caller.restriction && caller.companyType === 'SUPPLIER' && enquiry.released && !enquiry.archived;
}

/** POST /enquiry/update, uploads and deletes of its files: the customer, while it is not locked. */
export function canEditEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry) && !isEnquiryLocked(enquiry);
}

/** Release: the customer, while it is a draft (the files are checked by the service). */
export function canReleaseEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return canEditEnquiry(caller, enquiry);
}

/** Reopen: the customer, when released or closed and not archived; the enquiry becomes an editable draft. */
export function canReopenEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry) && (enquiry.released || enquiry.closed) && !enquiry.archived;
}

/** Archive (instead of delete): the customer, once (archived enquiries stay archived). */
export function canArchiveEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry) && !enquiry.archived;
}

/** Copy: the customer, in any state (the copy is a new draft). */
export function canCopyEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry);
}

/** The create-offer button (/offer/new/{enquiryId}): suppliers, on released enquiries that are still open. */
export function canOfferOnEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return canSeeEnquiry(caller, enquiry) && caller.companyType === 'SUPPLIER' && !enquiry.closed;
}
