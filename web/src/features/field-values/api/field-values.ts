import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { api, downloadBlob } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useEndpointMutation } from '@/lib/react-query';
import type { FieldValueList } from '@/config/paths';

/** The API path of each kind (spec 02 §7) and the query parameter of its id lists. */
export const KIND_API: Record<FieldValueKind, { path: string; idsParam: string }> = {
  manufacturer: { path: '/manufacturer', idsParam: 'manufacturerIds' },
  discountGroup: { path: '/discountgroup', idsParam: 'discountGroupIds' },
  unit: { path: '/unit', idsParam: 'unitIds' },
  wholesaler: { path: '/wholesaler', idsParam: 'wholesalerIds' },
};

/** The web's list name (route) of each kind and back. */
export const LIST_OF: Record<FieldValueKind, FieldValueList> = {
  manufacturer: 'manufacturer',
  discountGroup: 'discount',
  unit: 'unit',
  wholesaler: 'wholesaler',
};
export const KIND_OF: Record<FieldValueList, FieldValueKind> = {
  manufacturer: 'manufacturer',
  discount: 'discountGroup',
  unit: 'unit',
  wholesaler: 'wholesaler',
};

/** GET /<kind>/all?withAmount=true: the whole list (client-side search, sort, paging). */
export const fieldValuesQueryOptions = (kind: FieldValueKind) =>
  queryOptions({
    queryKey: queryKeys.fieldValues.list(kind),
    queryFn: () =>
      api.get<FieldValue[]>(`${KIND_API[kind].path}/all`, { query: { withAmount: true }, toastOnError: true }),
  });

export const useFieldValues = (kind: FieldValueKind, enabled = true) =>
  useQuery({ ...fieldValuesQueryOptions(kind), enabled });

export const useFieldValue = (kind: FieldValueKind, id: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.fieldValues.detail(kind, id),
    queryFn: () => api.get<FieldValue>(`${KIND_API[kind].path}/`, { query: { id } }),
    enabled,
  });

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
    (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.fieldValues.all }),
  );
}

export interface DeleteResult {
  deleted: string[];
  notDeleted: string[];
}

/** GET /<kind>/delete?<ids>=: items in use are not deleted (answered in `notDeleted`). */
export function useDeleteFieldValues(kind: FieldValueKind) {
  return useEndpointMutation(
    (ids: string[]) =>
      api.get<DeleteResult>(`${KIND_API[kind].path}/delete`, { query: { [KIND_API[kind].idsParam]: ids.join(',') } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.fieldValues.all }),
  );
}

/** GET /<kind>/combine?<ids>=survivor,…: a background task; the lists are refetched when the call answers. */
export function useCombineFieldValues(kind: FieldValueKind) {
  return useEndpointMutation(
    (ids: string[]) =>
      api.get<{ taskId: string }>(`${KIND_API[kind].path}/combine`, {
        query: { [KIND_API[kind].idsParam]: ids.join(',') },
      }),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.fieldValues.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
      ]),
  );
}

/** GET /<kind>/name?name=: the item known by exactly this name, or null (the variant check of the unit form). */
export function findByName(kind: FieldValueKind, name: string, manufacturerId?: string): Promise<FieldValue | null> {
  return api.get<FieldValue | null>(`${KIND_API[kind].path}/name`, { query: { name, manufacturerId } });
}

/** GET /manufacturer/delete/article?manufacturerId=: deletes every article of the manufacturer (a task). */
export function useDeleteManufacturerArticles() {
  return useEndpointMutation(
    (manufacturerId: string) =>
      api.get<{ taskId: string }>('/manufacturer/delete/article', { query: { manufacturerId } }),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.fieldValues.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
      ]),
  );
}

/** GET /discountgroup/export: every discount group as discountGroups.csv (spec 02 §7). */
export function exportDiscountGroups(): Promise<string> {
  return downloadBlob('/discountgroup/export', 'discountGroups.csv');
}

export interface DiscountGroupImportResult {
  created: number;
  updated: number;
}

/** POST /discountgroup/import (multipart `file`): the same format as the export; every list refetched. */
export function useImportDiscountGroups() {
  return useEndpointMutation(
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<DiscountGroupImportResult>('/discountgroup/import', form);
    },
    (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.fieldValues.all }),
  );
}
