import type { Company } from '../../model/company.js';
import type { Enquiry } from '../../model/enquiry.js';
import type { Offer } from '../../model/offer.js';
import type { User } from '../../model/user.js';
import { post } from '../../testing/api-client.js';
import { storeEnquiry } from '../enquiries/enquiries-fixtures.js';
import { storeOffer } from '../offers/offers-fixtures.js';
import { postForm } from '../../testing/upload-client.js';

/** Test set-up of the chat (stack tests only: never imported by the function). */
type Party = { user: User; company: Company; token: string };

/** A released enquiry of `customer`, written straight to Firestore. */
export const chatEnquiry = (customer: Party, overrides: Partial<Enquiry> = {}) =>
  storeEnquiry(customer, { released: true, ...overrides });

/** A released OPEN offer of `supplier` on a released enquiry of `customer`. */
export async function chatOffer(customer: Party, supplier: Party, overrides: Partial<Offer> = {}): Promise<Offer> {
  return storeOffer(supplier, await chatEnquiry(customer), { released: true, ...overrides });
}

/** POST /conversation/ as the web sends it; fails loudly (set-up). Returns the conversation id. */
export async function openConversation(token: string, target: { enquiryId?: string; offerId?: string }) {
  const res = await post('/conversation/', { token, body: target });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`conversation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** POST /conversation/message/send (multipart), as the SPA sends it. */
export function sendMessage(
  token: string | undefined,
  conversationId: string,
  content: string,
  file?: { name: string; bytes: Uint8Array },
) {
  return postForm(token, '/conversation/message/send', { conversationId, content }, file);
}

/** The same, failing loudly; returns the message id. */
export async function withMessage(
  token: string,
  conversationId: string,
  content = 'Eine Frage zur Stückliste',
  file?: { name: string; bytes: Uint8Array },
) {
  const res = await sendMessage(token, conversationId, content, file);
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; attachmentPath?: string };
}
