import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { useEndpointMutation } from '@/lib/react-query';
import { fieldValueKeys } from './keys';
import { KIND_API } from './kinds';

export type FieldValueInput = Partial<Omit<FieldValue, 'usedByArticleAmount' | 'createDate' | 'lastUpdate'>> & {
  displayName: string;
};

/** POST /<kind>/ or /<kind>/update; every list of field values (and the articles showing names) refetched. */
export function useSaveFieldValue(kind: FieldValueKind) {
  return useEndpointMutation(
    (item: FieldValueInput) =>
      item.id
        ? api.post<FieldValue>(`${KIND_API[kind].path}/update`, item)
        : api.post<FieldValue>(`${KIND_API[kind].path}/`, item),
    (queryClient) => queryClient.invalidateQueries({ queryKey: fieldValueKeys.all }),
  );
}
