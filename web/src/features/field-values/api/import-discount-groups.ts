import { api } from '@/lib/api-client';
import { useEndpointMutation } from '@/lib/react-query';
import { fieldValueKeys } from './keys';

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
    (queryClient) => queryClient.invalidateQueries({ queryKey: fieldValueKeys.all }),
  );
}
