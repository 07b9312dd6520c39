import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UnreadMessages } from '@model/chat';
import { MESSAGE_POLL_INTERVAL_MS } from '@model/constants';
import { usesChat } from '@model/chat-standing';
import { api } from '@/lib/api-client';
import type { WebPrincipal } from '@/lib/current-user/principal';
import { log } from '@/lib/log';
import { chatKeys } from './keys';

/** GET /conversation/message/unread - the caller's unread messages (newest first) and their count. */
function getUnread(size: number): Promise<UnreadMessages> {
  return api.get<UnreadMessages>('/conversation/message/unread', { query: { size } });
}

/**
 * The bell's count (spec 4): polled every MESSAGE_POLL_INTERVAL_MS (15 min) for CUSTOMER and SUPPLIER users only
 * (paused for EXTERNAL, ADMIN and callers without a type); reading or sending invalidates it at once. A failed poll is
 * only logged.
 */
export const unreadCountQueryOptions = (caller: Pick<WebPrincipal, 'companyType' | 'restriction'>) =>
  queryOptions({
    queryKey: chatKeys.unread.count(),
    queryFn: async () => (await getUnread(0)).totalElements,
    refetchInterval: MESSAGE_POLL_INTERVAL_MS,
    enabled: usesChat(caller),
    retry: false,
  });

export function useUnreadCount(caller: Pick<WebPrincipal, 'companyType' | 'restriction'>) {
  const query = useQuery(unreadCountQueryOptions(caller));
  useEffect(() => {
    if (query.isError) log.warn('chat: loading the unread count failed', query.error);
  }, [query.isError, query.error]);
  return query;
}

/** The unread messages of the /messages page (the first UNREAD_LIST_MAX). */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread.list(),
    queryFn: () => getUnread(100),
    enabled,
  });
}
