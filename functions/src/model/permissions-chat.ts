import type { Conversation, Message } from './chat.js';
import type { Enquiry } from './enquiry.js';
import { canSeeEnquiry } from './permissions-enquiries.js';
import { canSeeOffer, offerSide } from './permissions-offers.js';
import type { Offer } from './offer.js';
import type { OfferSide } from './offer-states.js';
import type { Principal } from './user.js';
import { enquiryChatStanding, offerChatStanding, usesChat, type ChatStanding } from './chat-standing.js';

export { enquiryChatStanding, offerChatStanding, usesChat, type ChatStanding } from './chat-standing.js';

/**
 * Who talks to whom (issue 21; docs/decisions-chat.md), decided once here for the API and the web:
 * - an enquiry conversation belongs to the enquiry and ONE supplier company; an offer conversation to the offer
 *   (its revision chain) and its two companies. Participants are all users of those two companies;
 * - ADMIN-company and EXTERNAL users have no chat (403, a fact about the caller);
 * - a conversation exists for its participants only: anybody else (another supplier on the same enquiry, another
 *   customer) gets 404, as for a hidden record;
 * - chat exists once the record is released: on an enquiry only a supplier who sees it opens a conversation, the
 *   customer writes only where one exists; on an offer either side opens it;
 * - closed or archived enquiries, archived or revised (invalidated) offers: readable, no new messages; a revision
 *   continues the conversation of its predecessor; a reopened enquiry (a draft again) takes no messages until it is
 *   released again.
 */
/** The error a standing answers to a new conversation or message (undefined: allowed). */
export function standingRefusal(standing: ChatStanding): 'chatNotOpen' | 'chatReadOnly' | undefined {
  if (standing === 'open') return undefined;
  return standing === 'notOpen' ? 'chatNotOpen' : 'chatReadOnly';
}

export type ChatCaller = Pick<Principal, 'companyType' | 'company' | 'restriction'>;

type Parties = Pick<Conversation, 'supplierId' | 'customerId'>;

/** Which side of the conversation the caller's company is on, if any. */
export function chatSide(caller: ChatCaller, conversation: Parties): OfferSide | undefined {
  if (!usesChat(caller)) return undefined;
  if (caller.companyType === 'SUPPLIER' && caller.company.id === conversation.supplierId) return 'supplier';
  if (caller.companyType === 'CUSTOMER' && caller.company.id === conversation.customerId) return 'customer';
  return undefined;
}

/** A participant: a user of one of the conversation's two companies. Everybody else: the conversation is hidden. */
export function isParticipant(caller: ChatCaller, conversation: Parties): boolean {
  return chatSide(caller, conversation) !== undefined;
}

/**
 * POST /conversation/ on an enquiry: 'hidden' (404) when the caller does not see it, 'forbidden' (403) for its
 * customer (he writes only where a supplier opened one), else the standing decides (409 before the release or
 * after the close or archive).
 */
export function enquiryConversationRefusal(
  caller: ChatCaller,
  enquiry: Pick<Enquiry, 'customerId' | 'released' | 'closed' | 'archived'>,
): 'hidden' | 'forbidden' | 'chatNotOpen' | 'chatReadOnly' | undefined {
  if (!usesChat(caller) || !canSeeEnquiry(caller, enquiry)) return 'hidden';
  if (caller.companyType !== 'SUPPLIER') return 'forbidden';
  return standingRefusal(enquiryChatStanding(enquiry));
}

/** POST /conversation/ on an offer: either side who sees it; the standing decides. */
export function offerConversationRefusal(
  caller: ChatCaller,
  offer: Pick<Offer, 'supplierId' | 'customerId' | 'released' | 'state' | 'archived' | 'invalidated'>,
): 'hidden' | 'chatNotOpen' | 'chatReadOnly' | undefined {
  if (!usesChat(caller) || !canSeeOffer(caller, offer) || !offerSide(caller, offer)) return 'hidden';
  return standingRefusal(offerChatStanding(offer));
}

/**
 * May the caller open the panel's "new conversation" action on this enquiry (the web's button; the server decides
 * with `enquiryConversationRefusal`)?
 */
export function canStartEnquiryChat(
  caller: ChatCaller,
  enquiry: Pick<Enquiry, 'customerId' | 'released' | 'closed' | 'archived'>,
): boolean {
  return enquiryConversationRefusal(caller, enquiry) === undefined;
}

/**
 * copyfile (spec 6 "A chat attachment may be copied into the workflow"): into the conversation's own record only —
 * an enquiry conversation's attachment into the enquiry's folders (its customer; the enquiry's own file rules then
 * decide, e.g. 409 `enquiryLocked` while it is released), an offer conversation's into the offer's documents (either
 * side; the offer's rules set the side). Which side may try at all.
 */
export function mayCopyAttachment(caller: ChatCaller, conversation: Pick<Conversation, 'kind'> & Parties): boolean {
  const side = chatSide(caller, conversation);
  if (!side) return false;
  return conversation.kind === 'offer' || side === 'customer';
}

/** The users who should read a message: the other company's (the sender's colleagues never count it as unread). */
export function recipientCompanyId(conversation: Parties, senderCompanyId: string): string {
  return senderCompanyId === conversation.supplierId ? conversation.customerId : conversation.supplierId;
}

/**
 * Is a message for the users of `companyId`: the conversation's other company than the sender's? A message's `unreadBy`
 * lists that company's users at send time; an entry of a user who is no longer one of them (moved to another company,
 * deleted) is stale and neither listed, counted, mailed nor marked read (docs/decisions-chat.md "Users who leave").
 * Decided on the conversation as stored now; a missing conversation or company: no.
 */
export function isMessageFor(
  companyId: string | undefined,
  conversation: Parties | undefined,
  message: Pick<Message, 'companyId'>,
): boolean {
  if (!companyId || !conversation) return false;
  if (message.companyId !== conversation.supplierId && message.companyId !== conversation.customerId) return false;
  return recipientCompanyId(conversation, message.companyId) === companyId;
}
