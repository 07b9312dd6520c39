import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { fieldValueKeys } from './keys';
import { KIND_API } from './kinds';

/** GET /<kind>/all?withAmount=true: the whole list (client-side search, sort, paging). */
const fieldValuesQueryOptions = (kind: FieldValueKind) =>
  queryOptions({
    queryKey: fieldValueKeys.of(kind).list(),
    queryFn: () =>
      api.get<FieldValue[]>(`${KIND_API[kind].path}/all`, { query: { withAmount: true }, toastOnError: true }),
  });

export const useFieldValues = (kind: FieldValueKind, enabled = true) =>
  useQuery({ ...fieldValuesQueryOptions(kind), enabled });
