import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OPEN_CHAT_POLL_INTERVAL_MS, type MessagePage, type MessageView } from '@model/chat';
import { api } from '@/lib/api-client';
import { log } from '@/lib/log';
import { chatKeys } from './keys';

/** GET /conversation/message - the newest page of a thread, or the page before `before`, or what came `after`. */
function getMessages(conversationId: string, cursor: { before?: string; after?: string } = {}) {
  return api.get<MessagePage>('/conversation/message', { query: { conversationId, ...cursor } });
}

/** The pages of a thread as loaded: the newest first (pages[0]), older ones appended by `fetchNextPage`. */
export type ThreadData = InfiniteData<MessagePage, string | undefined>;

export function threadMessages(data: ThreadData | undefined): MessageView[] {
  return data ? [...data.pages].reverse().flatMap((p) => p.content) : [];
}

/** A thread, paged: the newest 50, older pages on request (`fetchNextPage`). */
export function useThread(conversationId: string) {
  return useInfiniteQuery<MessagePage, Error, ThreadData, ReturnType<typeof chatKeys.thread>, string | undefined>({
    queryKey: chatKeys.thread(conversationId),
    queryFn: ({ pageParam }: { pageParam: string | undefined }) =>
      getMessages(conversationId, pageParam ? { before: pageParam } : {}),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last): string | undefined => last.before,
  });
}

/**
 * While the conversation is open: every few seconds, the messages newer than the newest one shown (a query that
 * finds nothing costs one read); new ones join the newest page. Failures are only logged (the next poll retries).
 */
export function usePollNewer(conversationId: string, newest: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !newest) return undefined;
    const timer = setInterval(() => {
      getMessages(conversationId, { after: newest })
        .then((page) => {
          if (!page.content.length) return;
          queryClient.setQueryData<ThreadData>(chatKeys.thread(conversationId), (data) =>
            data
              ? {
                  ...data,
                  pages: [
                    { ...data.pages[0]!, content: [...data.pages[0]!.content, ...page.content] },
                    ...data.pages.slice(1),
                  ],
                }
              : data,
          );
        })
        .catch((error: unknown) => log.warn('chat: polling for new messages failed', error));
    }, OPEN_CHAT_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [conversationId, newest, enabled, queryClient]);
}
