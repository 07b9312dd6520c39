import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationView } from '@model/chat';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';

export type ChatRecordRef = { enquiryId: string; offerId?: undefined } | { offerId: string; enquiryId?: undefined };

/** GET /conversation/?enquiryId= or ?offerId= - the caller's conversations on the record, newest message first. */
function getConversations(record: ChatRecordRef): Promise<ConversationView[]> {
  return api.get<ConversationView[]>('/conversation/', { query: record });
}

const getConversationsQueryOptions = (record: ChatRecordRef) =>
  queryOptions({ queryKey: chatKeys.conversations(record), queryFn: () => getConversations(record) });

export function useConversations(record: ChatRecordRef) {
  return useQuery(getConversationsQueryOptions(record));
}
