import type { ConversationView } from '@model/chat';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';
import { useEndpointMutation } from '@/lib/react-query';
import type { ChatRecordRef } from './get-conversations';

/** POST /conversation/ - opens the conversation on the record (or answers the existing one). */
function createConversation(record: ChatRecordRef): Promise<ConversationView> {
  return api.post<ConversationView>('/conversation/', record);
}

export function useCreateConversation() {
  return useEndpointMutation(createConversation, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'conversations'] }),
  );
}
