import type { Conversation } from '../../model/chat.js';
import type { Enquiry } from '../../model/enquiry.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { SupplementAdded } from '../enquiries/enquiries.port.js';
import type { OffersPort } from '../offers/offers.port.js';
import { supplementMail, supplementNoticeText } from './chat-mails.js';
import { newMessage } from './chat-message.js';
import { enquiryConversationId, type ConversationsRepository, type MessagesRepository } from './chat.repository.js';

interface SupplementNoticeDeps {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  offers: Pick<OffersPort, 'ofEnquiry'>;
  memberIds: (companyId: string) => Promise<string[]>;
  contact: (userId: string) => Promise<{ mail: string; name: string; lastname: string } | undefined>;
  mail: Pick<MailOutbox, 'sendInTx'>;
  portalUrl: string;
  transaction: RunTransaction;
  now: () => Date;
}

/**
 * The enquiries' `supplementAdded` (docs/decisions-enquiries.md "Supplementary documents"): every supplier who has the
 * enquiry - a conversation on it or an offer on it - is told, in its enquiry conversation (a message from the
 * customer's user: the bell and the unread list; the conversation is opened for a supplier who has only an offer)
 * and by a mail to each of its users, both in one transaction per supplier.
 */
export async function tellSuppliers(d: SupplementNoticeDeps, added: SupplementAdded): Promise<void> {
  const { enquiry } = added;
  const suppliers = new Map<string, string>();
  for (const c of await d.conversations.ofEnquiry(enquiry.id)) suppliers.set(c.supplierId, c.supplierName);
  for (const o of await d.offers.ofEnquiry(enquiry.id))
    if (!suppliers.has(o.supplierId)) suppliers.set(o.supplierId, o.supplierName);
  for (const [supplierId, supplierName] of suppliers) await tellSupplier(d, added, { supplierId, supplierName });
}

async function tellSupplier(
  d: SupplementNoticeDeps,
  { enquiry, supplement, by }: SupplementAdded,
  supplier: { supplierId: string; supplierName: string },
): Promise<void> {
  const unreadBy = await d.memberIds(supplier.supplierId);
  const contacts = (await Promise.all(unreadBy.map((id) => d.contact(id)))).filter((c) => !!c);
  const fromChat = supplement.origin?.kind === 'chat';
  const id = enquiryConversationId(enquiry.id, supplier.supplierId);
  await d.transaction(async (tx) => {
    const there = await d.conversations.getInTx(tx, id);
    const now = d.now();
    const c = there ?? newConversation(id, enquiry, supplier, by.uid, now);
    const m = newMessage(c, {
      id: d.messages.newId(),
      sender: { uid: by.uid, fullName: by.name, companyId: enquiry.customerId, companyName: enquiry.customerName },
      content: supplementNoticeText(supplement.name, fromChat),
      unreadBy,
      now,
    });
    d.messages.createInTx(tx, m);
    const last = {
      lastMessage: m.id,
      lastMessageDate: now,
      lastMessageText: m.content.slice(0, 200),
      lastMessageSender: by.name,
    };
    if (there) d.conversations.setLastMessageInTx(tx, id, m);
    else d.conversations.createInTx(tx, { ...c, ...last });
    for (const contact of contacts)
      d.mail.sendInTx(
        tx,
        supplementMail({ contact, enquiry, fileName: supplement.name, fromChat, portalUrl: d.portalUrl }),
        now,
      );
  });
}

/** The enquiry conversation of a supplier who has only an offer on the enquiry (opened for the notice). */
function newConversation(
  id: string,
  e: Enquiry,
  s: { supplierId: string; supplierName: string },
  createdBy: string,
  now: Date,
): Conversation {
  return {
    id,
    kind: 'enquiry',
    enquiryId: e.id,
    offerIds: [],
    title: e.title,
    supplierId: s.supplierId,
    supplierName: s.supplierName,
    customerId: e.customerId,
    customerName: e.customerName,
    companyIds: [s.supplierId, e.customerId],
    lastMessageDate: now,
    createdBy,
    createDate: now,
  };
}
