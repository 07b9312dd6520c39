import { useQuery } from '@tanstack/react-query';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { fieldValueKeys } from './keys';

const PATHS: Record<FieldValueKind, string> = {
  manufacturer: '/manufacturer',
  discountGroup: '/discountgroup',
  unit: '/unit',
  wholesaler: '/wholesaler',
};

/**
 * The choices of the form's selects and the list's manufacturer filter: GET /<kind>/all, cached under the field
 * values' key (`resource('field-values', kind)`, the same the field-values feature uses), so a change in the
 * field-value lists refreshes them.
 */
export const useChoices = (kind: FieldValueKind) =>
  useQuery({
    queryKey: fieldValueKeys.of(kind).list(),
    queryFn: () => api.get<FieldValue[]>(`${PATHS[kind]}/all`, { query: { withAmount: true } }),
    staleTime: 60_000,
  });
