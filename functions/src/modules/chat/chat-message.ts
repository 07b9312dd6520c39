import type { Conversation, Message } from '../../model/chat.js';

/**
 * A new message of a conversation as stored (the send and the supplement notices write the same shape): its sender,
 * its recipients (`unreadBy`), the conversation's context for the unread list and its time-ordered `sortKey`.
 */
export function newMessage(
  c: Pick<Conversation, 'id' | 'kind' | 'enquiryId' | 'offerId' | 'title'>,
  m: {
    id: string;
    sender: { uid: string; fullName: string; companyId: string; companyName: string };
    content: string;
    unreadBy: string[];
    attachmentPath?: string;
    now: Date;
  },
): Message {
  return {
    id: m.id,
    conversationId: c.id,
    senderId: m.sender.uid,
    userFullName: m.sender.fullName,
    companyName: m.sender.companyName,
    companyId: m.sender.companyId,
    content: m.content,
    createDate: m.now,
    readBy: [],
    unreadBy: m.unreadBy,
    ...(m.attachmentPath ? { attachmentPath: m.attachmentPath } : {}),
    kind: c.kind,
    enquiryId: c.enquiryId,
    ...(c.offerId ? { offerId: c.offerId } : {}),
    title: c.title,
    sortKey: `${m.now.toISOString()}_${m.id}`,
  };
}
