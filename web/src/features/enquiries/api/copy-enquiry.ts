import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/copy?id= - the customer; 201 with a new draft holding the same data and copies of the files. */
export function copyEnquiry(id: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/copy', undefined, { query: { id } });
}

export function useCopyEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof copyEnquiry> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    onSuccess: async (enquiry, ...args) => {
      await storeEnquiry(queryClient, enquiry);
      await onSuccess?.(enquiry, ...args);
    },
    mutationFn: copyEnquiry,
  });
}
