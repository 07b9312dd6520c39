import { useQuery } from '@tanstack/react-query';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { fieldValueKeys } from './keys';
import { KIND_API } from './kinds';

/** GET /<kind>/?id= (the form page; `enabled` false for a new item or one the list handed over). */

export const useFieldValue = (kind: FieldValueKind, id: string, enabled: boolean) =>
  useQuery({
    queryKey: fieldValueKeys.of(kind).detail(id),
    queryFn: () => api.get<FieldValue>(`${KIND_API[kind].path}/`, { query: { id } }),
    enabled,
  });
