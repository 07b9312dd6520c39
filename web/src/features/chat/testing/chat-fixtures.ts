import type { ConversationView, MessageView } from '@model/chat';
import type { MockCall } from '@/testing/fetch-mock';

/** Conversations and messages of the chat tests: enquiry e1 / offer o1 of customer c1, suppliers s1 and s2. */
export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    id: 'e_e1_s1',
    kind: 'enquiry',
    enquiryId: 'e1',
    offerIds: [],
    title: 'Steuerschrank Linie 3',
    supplierId: 's1',
    supplierName: 'Weber Schaltanlagen',
    customerId: 'c1',
    customerName: 'Müller GmbH',
    companyName: 'Weber Schaltanlagen',
    unread: false,
    lastMessage: 'm1',
    lastMessageDate: new Date('2026-11-20T09:30:00Z'),
    lastMessageText: 'Welche Schutzart?',
    lastMessageSender: 'Hans Weber',
    createdBy: 'u2',
    createDate: new Date('2026-11-20T09:00:00Z'),
    ...overrides,
  };
}

let seq = 0;
export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  const n = ++seq;
  const createDate = overrides.createDate ?? new Date(Date.UTC(2026, 10, 20, 9, n));
  return {
    id: `m${n}`,
    conversationId: 'e_e1_s1',
    senderId: 'u2',
    userFullName: 'Hans Weber',
    companyName: 'Weber Schaltanlagen',
    companyId: 's1',
    content: `Nachricht ${n}`,
    createDate,
    readBy: [],
    kind: 'enquiry',
    enquiryId: 'e1',
    title: 'Steuerschrank Linie 3',
    sortKey: `${createDate.toISOString()}_m${n}`,
    read: true,
    ...overrides,
  };
}

/** The path and query of a recorded call (`/api/conversation/message?conversationId=k1`). */
export const pathOf = (c: MockCall) => c.url.split('?')[0];
export const queryOf = (c: MockCall) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
