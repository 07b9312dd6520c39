import type { QueryClient } from '@tanstack/react-query';
import type { MessageView } from '@model/chat';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';
import { useEndpointMutation } from '@/lib/react-query';

/** After a read: the bell, the unread list and the conversation lists ('!') refresh. */
const afterRead = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.unread.all }),
    queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] }),
  ]);

/** POST /conversation/message/read?messageId= - one message read by the caller. */
function markRead(messageId: string): Promise<MessageView> {
  return api.post<MessageView>('/conversation/message/read', undefined, { query: { messageId } });
}

export function useMarkRead() {
  return useEndpointMutation(markRead, afterRead);
}

/** POST /conversation/message/read/all[?conversationId=] - every unread message of the caller (or of one conversation). */
function readAll(conversationId?: string): Promise<{ marked: number; more: boolean }> {
  return api.post('/conversation/message/read/all', undefined, { query: { conversationId } });
}

export function useReadAll() {
  return useEndpointMutation(readAll, afterRead);
}
