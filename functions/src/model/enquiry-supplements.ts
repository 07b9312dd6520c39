import type { Enquiry } from './enquiry.js';
import { FILE_MAX_BYTES, type DocumentType, type FileFact, type FileOrigin } from './files.js';
import { isEnquiryCustomer, type EnquiryCaller } from './permissions-enquiries.js';

/**
 * Supplementary documents of a released enquiry (issue 32 point 5; docs/decisions-enquiries.md "Supplementary
 * documents"): files the customer adds while the enquiry is released - a chat attachment or a direct upload -
 * without reopening it. Every supplier who sees the enquiry reads them; they are never a BOM or circuit-diagram
 * revision, so no offer becomes outdated. Isomorphic: the API decides with these rules, the web shows its buttons by
 * them.
 */

export const ENQUIRY_SUPPLEMENTS_PREFIX = 'enquiries/{enquiryId}/supplements/';

export function enquirySupplementsPath(enquiryId: string): string {
  return ENQUIRY_SUPPLEMENTS_PREFIX.replace('{enquiryId}', enquiryId);
}

/** At most this many supplementary documents per enquiry … */
export const SUPPLEMENTS_MAX_COUNT = 20;
/** … and at most this many bytes in all (each file within the general upload limit, 10 MB). */
export const SUPPLEMENTS_MAX_BYTES = 5 * FILE_MAX_BYTES;

/** What changes what suppliers priced is a revision after a reopen, never a supplement. */
const REVISION_TYPES: readonly DocumentType[] = ['CIRCUIT_DIAGRAM', 'BILL_OF_MATERIAL'];

type SupplementRecord = Pick<Enquiry, 'customerId' | 'released' | 'closed' | 'archived'>;

/** Why the enquiry takes no supplementary documents in its state (undefined: it takes them). */
export function supplementStateRefusal(
  enquiry: Pick<Enquiry, 'released' | 'closed' | 'archived'>,
): 'enquiryNotReleased' | 'supplementsClosed' | undefined {
  if (enquiry.closed || enquiry.archived) return 'supplementsClosed';
  return enquiry.released ? undefined : 'enquiryNotReleased';
}

/** The customer may add supplementary documents now (the web's upload and the chat's copy target). */
export function canAddSupplement(caller: EnquiryCaller, enquiry: SupplementRecord): boolean {
  return isEnquiryCustomer(caller, enquiry) && !supplementStateRefusal(enquiry);
}

type SupplementRefusal =
  'enquiryNotReleased' | 'supplementsClosed' | 'supplementType' | 'supplementExists' | 'supplementLimit';

/**
 * Why this file cannot become a supplementary document of the enquiry as it is now (undefined: it can), checked in
 * the transaction that lists it: the state, the document type, the same chat attachment once only (two parallel
 * copies: the second finds the first), the count and the total size.
 */
export function supplementRefusal(
  enquiry: Pick<Enquiry, 'released' | 'closed' | 'archived' | 'supplements'>,
  file: { documentType: DocumentType; size: number; origin?: FileOrigin },
): SupplementRefusal | undefined {
  const state = supplementStateRefusal(enquiry);
  if (state) return state;
  if (REVISION_TYPES.includes(file.documentType)) return 'supplementType';
  const origin = file.origin;
  if (origin?.kind === 'chat' && enquiry.supplements.some((s) => sameChatOrigin(s, origin.messageId)))
    return 'supplementExists';
  if (enquiry.supplements.length >= SUPPLEMENTS_MAX_COUNT) return 'supplementLimit';
  const total = enquiry.supplements.reduce((sum, s) => sum + (s.size ?? 0), 0);
  return total + file.size > SUPPLEMENTS_MAX_BYTES ? 'supplementLimit' : undefined;
}

function sameChatOrigin(fact: FileFact, messageId: string): boolean {
  return fact.origin?.kind === 'chat' && fact.origin.messageId === messageId;
}
