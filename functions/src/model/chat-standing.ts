import type { CompanyType } from './company.js';
import type { Enquiry } from './enquiry.js';
import type { Offer } from './offer.js';

/**
 * The light half of the chat rules (`permissions-chat.ts` re-exports it; that file is THE place of the rules): who
 * chats at all and where a record stands for chat. Only type imports, so the web's feature list can ask it without
 * loading the model's schemas into the entry chunk.
 */

/** The caller kinds that chat at all (a guard): CUSTOMER and SUPPLIER users, like the bell (spec 1 §4). */
export function usesChat(caller: { companyType?: CompanyType; restriction?: unknown }): boolean {
  return !caller.restriction && (caller.companyType === 'CUSTOMER' || caller.companyType === 'SUPPLIER');
}

/** Where a record stands for chat: before the release none, then open, then readable only. */
export type ChatStanding = 'notOpen' | 'open' | 'readOnly';

export function enquiryChatStanding(e: Pick<Enquiry, 'released' | 'closed' | 'archived'>): ChatStanding {
  if (e.archived || e.closed) return 'readOnly';
  return e.released ? 'open' : 'notOpen';
}

/**
 * An offer's standing for chat. Asked of the chain's newest version (a conversation's `offerId`): a revision in
 * work (a draft with a predecessor) keeps the conversation open, so the customer can ask while the supplier revises.
 * Asked of an old version (invalidated): readable only.
 */
export function offerChatStanding(
  o: Pick<Offer, 'released' | 'archived' | 'invalidated'> & Partial<Pick<Offer, 'previousOfferId'>>,
): ChatStanding {
  if (o.archived || o.invalidated) return 'readOnly';
  return o.released || o.previousOfferId ? 'open' : 'notOpen';
}
