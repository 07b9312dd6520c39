import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { resource, storeRecord } from '@/lib/query-keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/** POST /enquiry/bom/delete?enquiryId= - removes the current BOM (revisions of earlier releases stay). */
export function deleteBom(enquiryId: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/bom/delete', undefined, { query: { enquiryId } });
}

/** The answer is the enquiry: it becomes the enquiry's detail query (lib/query-keys), its lists refetch. */
export function useDeleteBom({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteBom> } = {}) {
  return useEndpointMutation(
    deleteBom,
    (queryClient, enquiry) => storeRecord(queryClient, resource('enquiries'), enquiry),
    mutationConfig,
  );
}
