import { api } from '@/lib/api-client';
import type { FieldValueKind } from '@model/catalogue';
import { useEndpointMutation } from '@/lib/react-query';
import { fieldValueKeys } from './keys';
import { KIND_API } from './kinds';

export interface DeleteResult {
  deleted: string[];
  notDeleted: string[];
}

/** GET /<kind>/delete?<ids>=: items in use are not deleted (answered in `notDeleted`). */
export function useDeleteFieldValues(kind: FieldValueKind) {
  return useEndpointMutation(
    (ids: string[]) =>
      api.get<DeleteResult>(`${KIND_API[kind].path}/delete`, { query: { [KIND_API[kind].idsParam]: ids.join(',') } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: fieldValueKeys.all }),
  );
}
