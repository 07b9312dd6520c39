import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '@model/change-history';
import type { Page } from '@model/paging';
import type { HistoryRequest } from '@/components/change-history';
import { api } from '@/lib/api-client';
import { importConfigKeys } from './keys';

/** GET /import/config/history: the configuration's edits and the article imports run with it, newest first. */
export const importConfigHistoryQueryOptions = (id: string) => (request: HistoryRequest) =>
  queryOptions({
    queryKey: [...importConfigKeys.detail(id), 'history', request] as unknown[],
    queryFn: () =>
      api.get<Page<HistoryEntry>>('/import/config/history', {
        query: { id, page: String(request.page), paginationSize: String(request.paginationSize) },
      }),
  });
