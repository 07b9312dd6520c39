import type { FieldValueKind } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { useEndpointMutation } from '@/lib/react-query';
import { articleKeys, fieldValueKeys } from './keys';
import { KIND_API } from './kinds';

/** GET /<kind>/combine?<ids>=survivor,…: a background task; the lists are refetched when the call answers. */
export function useCombineFieldValues(kind: FieldValueKind) {
  return useEndpointMutation(
    (ids: string[]) =>
      api.get<{ taskId: string }>(`${KIND_API[kind].path}/combine`, {
        query: { [KIND_API[kind].idsParam]: ids.join(',') },
      }),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fieldValueKeys.all }),
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
      ]),
  );
}
