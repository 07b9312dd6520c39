import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/bom/delete?enquiryId= - removes the current BOM (revisions of earlier releases stay). */
export function deleteBom(enquiryId: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/bom/delete', undefined, { query: { enquiryId } });
}

export function useDeleteBom({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteBom> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    onSuccess: async (enquiry, ...args) => {
      await storeEnquiry(queryClient, enquiry);
      await onSuccess?.(enquiry, ...args);
    },
    mutationFn: deleteBom,
  });
}
