import type { QueryClient } from '@tanstack/react-query';
import type { MessageView } from '@model/chat';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';
import { useEndpointMutation } from '@/lib/react-query';

interface SendMessageInput {
  conversationId: string;
  content: string;
  file?: File;
}

/** POST /conversation/message/send (multipart: conversationId, content, at most one file). */
function sendMessage({ conversationId, content, file }: SendMessageInput): Promise<MessageView> {
  const form = new FormData();
  form.append('conversationId', conversationId);
  form.append('content', content);
  if (file) form.append('file', file, file.name);
  return api.post<MessageView>('/conversation/message/send', form);
}

const afterSend = (queryClient: QueryClient, _m: MessageView, input: SendMessageInput) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.thread(input.conversationId) }),
    queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] }),
    queryClient.invalidateQueries({ queryKey: chatKeys.unread.all }),
  ]);

export function useSendMessage() {
  return useEndpointMutation(sendMessage, afterSend);
}
