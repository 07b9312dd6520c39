import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '@model/change-history';
import type { Page } from '@model/paging';
import type { HistoryRequest } from '@/components/change-history';
import { api } from '@/lib/api-client';
import { articleKeys } from './keys';

/** GET /article/history: the article's changes, newest first (refreshed with every article query after a save). */
export const articleHistoryQueryOptions = (id: string) => (request: HistoryRequest) =>
  queryOptions({
    queryKey: [...articleKeys.detail(id), 'history', request] as unknown[],
    queryFn: () =>
      api.get<Page<HistoryEntry>>('/article/history', {
        query: { id, page: String(request.page), paginationSize: String(request.paginationSize) },
      }),
  });
