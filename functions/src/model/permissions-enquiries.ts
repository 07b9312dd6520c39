import { isEnquiryLocked, type Enquiry } from './enquiry.js';
import type { Principal } from './user.js';

/**
 * Rules about one enquiry record (pure; checked in the service on the record it read; the web shows its
 * buttons by them). Decisions (docs/decisions-enquiries.md):
 * - every user of the customer company sees and edits the company's enquiries (not only their author);
 * - the market is open: every supplier sees every released, unarchived enquiry (closed ones too, so an
 *   offer can always show what it answered) and may offer on it unless it is closed; the supplier of its order
 *   keeps seeing it once it is archived (the order and the job open it);
 * - an order keeps the enquiry closed (no reopen) and unarchived until the supplier confirmed it;
 * - admin-company users (the operator) and EXTERNAL users see no enquiries.
 */
export type EnquiryCaller = Pick<Principal, 'companyType' | 'company' | 'restriction'>;
type Record = Pick<Enquiry, 'customerId' | 'released' | 'closed' | 'archived' | 'order'>;

export function isEnquiryCustomer(caller: EnquiryCaller, enquiry: Pick<Enquiry, 'customerId'>): boolean {
  return !caller.restriction && caller.companyType === 'CUSTOMER' && caller.company.id === enquiry.customerId;
}

/** The callers who may use the enquiry calls at all (a guard: facts about the caller only). */
export function usesEnquiries(caller: EnquiryCaller): boolean {
  return caller.companyType === 'CUSTOMER' || caller.companyType === 'SUPPLIER';
}

/**
 * GET /enquiry/, the files: the customer company always; suppliers when released and not archived, and the
 * supplier of its order always.
 */
export function canSeeEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  if (isEnquiryCustomer(caller, enquiry)) return true;
  if (caller.restriction || caller.companyType !== 'SUPPLIER') return false;
  return (enquiry.released && !enquiry.archived) || enquiry.order?.supplierId === caller.company.id;
}

/** POST /enquiry/update, uploads and deletes of its files: the customer, while it is not locked. */
export function canEditEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry) && !isEnquiryLocked(enquiry);
}

/** Release: the customer, while it is a draft (the files are checked by the service). */
export function canReleaseEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return canEditEnquiry(caller, enquiry);
}

/**
 * What the enquiry's order refuses (409 enquiryHasOrder), undefined: nothing. A closed enquiry was closed by an
 * order: it is never reopened (the order is binding), and archived only once the supplier confirmed the order.
 * Read from the enquiry's own `order` fact, which accept and confirm write in their transactions.
 */
export function enquiryOrderRefusal(
  enquiry: Pick<Enquiry, 'closed' | 'order'>,
  action: 'reopen' | 'archive',
): 'enquiryHasOrder' | undefined {
  if (!enquiry.closed) return undefined;
  return action === 'archive' && enquiry.order?.confirmed ? undefined : 'enquiryHasOrder';
}

/** Who may ask for a reopen (else 403): the customer, when released or closed and not archived. */
export function mayRequestReopen(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry) && (enquiry.released || enquiry.closed) && !enquiry.archived;
}

/** Reopen: the customer, when released, not closed by an order and not archived; it becomes an editable draft. */
export function canReopenEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return mayRequestReopen(caller, enquiry) && !enquiryOrderRefusal(enquiry, 'reopen');
}

/** Who may ask for an archive (else 403): the customer, once (archived enquiries stay archived). */
export function mayRequestArchive(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry) && !enquiry.archived;
}

/** Archive (instead of delete): the customer, once; a closed enquiry only when its order is confirmed. */
export function canArchiveEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return mayRequestArchive(caller, enquiry) && !enquiryOrderRefusal(enquiry, 'archive');
}

/** Copy: the customer, in any state (the copy is a new draft). */
export function canCopyEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return isEnquiryCustomer(caller, enquiry);
}

/** The create-offer button (/offer/new/{enquiryId}): suppliers, on released enquiries that are still open. */
export function canOfferOnEnquiry(caller: EnquiryCaller, enquiry: Record): boolean {
  return canSeeEnquiry(caller, enquiry) && caller.companyType === 'SUPPLIER' && !enquiry.closed;
}
