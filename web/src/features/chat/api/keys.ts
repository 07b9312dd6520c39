import { resource } from '@/lib/query-keys';

/** chat (GET /conversation*): a record's conversations, a thread, the caller's unread messages (the bell) */
export const chatKeys = {
  ...resource('chat'),
  conversations: (record: { enquiryId?: string; offerId?: string }) => ['chat', 'conversations', record] as const,
  thread: (conversationId: string) => ['chat', 'thread', conversationId] as const,
  /** the caller's mail digest switch */
  digest: () => ['chat', 'digest'] as const,
  unread: {
    all: ['chat', 'unread'] as const,
    count: () => ['chat', 'unread', 'count'] as const,
    list: () => ['chat', 'unread', 'list'] as const,
  },
};

/** the records a copied file lands on (its documents folder changes them) */
export const enquiryKeys = resource('enquiries');
export const offerKeys = resource('offers');
