import type { Transaction } from 'firebase-admin/firestore';
import { isValidId } from '../../model/id.js';
import { isMessageFor } from '../../model/permissions-chat.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { ConversationsRepository, MessagesRepository } from './chat.repository.js';

export const CHAT_UNREAD_PURGE = 'chatUnreadPurge';

export interface ChatUnreadPurgeParams {
  userId: string;
}

/**
 * After a user left his company (the users area's `leftCompany`: moved to another company, or deleted): his entries
 * in `unreadBy` of messages that are not for his company as it is now (`isMessageFor`, on the conversations read now;
 * a deleted user: all) are removed, a page of his unread messages per chunk, ordered by id with the last id as
 * cursor. Messages for his new company stay unread. Removing an id again is harmless (`arrayRemove`), so a repeated
 * chunk does no harm; the user's company is read per chunk, so a task that runs after a later move decides on that.
 */
export function chatUnreadPurgeTask(d: {
  messages: Pick<MessagesRepository, 'unreadById' | 'dropUnreadInTx'>;
  conversations: Pick<ConversationsRepository, 'byIds'>;
  /** the user's company now (undefined: the user is gone) */
  companyOf: (userId: string) => Promise<string | undefined>;
}): TaskKind<ChatUnreadPurgeParams> {
  return {
    kind: CHAT_UNREAD_PURGE,
    chunkSize: 200,
    parse(params) {
      const userId = (params as Partial<ChatUnreadPurgeParams> | undefined)?.userId;
      if (!isValidId(userId)) throw new TaskFailure('invalidParams', 'userId');
      return { userId };
    },
    async runChunk({ params: { userId }, cursor, size }) {
      const [companyId, page] = await Promise.all([
        d.companyOf(userId),
        d.messages.unreadById(userId, typeof cursor === 'string' ? cursor : null, size),
      ]);
      const conversations = await d.conversations.byIds(page.map((m) => m.conversationId));
      const stale = page
        .filter((m) => !isMessageFor(companyId, conversations.get(m.conversationId), m))
        .map((m) => m.id);
      return {
        cursor: page.at(-1)?.id ?? cursor,
        processed: page.length,
        finished: page.length < size,
        ...(stale.length ? { commit: (tx: Transaction) => d.messages.dropUnreadInTx(tx, userId, stale) } : {}),
      };
    },
  };
}
