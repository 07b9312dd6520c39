import { queryOptions } from '@tanstack/react-query';
import type { FieldValueKind } from '@model/catalogue';
import type { HistoryEntry } from '@model/change-history';
import type { Page } from '@model/paging';
import type { HistoryRequest } from '@/components/change-history';
import { api } from '@/lib/api-client';
import { fieldValueKeys } from './keys';
import { KIND_API } from './kinds';

/** GET /<kind>/history: the item's saves and combines, newest first (refreshed with the kind's queries). */
export const fieldValueHistoryQueryOptions = (kind: FieldValueKind, id: string) => (request: HistoryRequest) =>
  queryOptions({
    queryKey: [...fieldValueKeys.of(kind).detail(id), 'history', request] as unknown[],
    queryFn: () =>
      api.get<Page<HistoryEntry>>(`${KIND_API[kind].path}/history`, {
        query: { id, page: String(request.page), paginationSize: String(request.paginationSize) },
      }),
  });
