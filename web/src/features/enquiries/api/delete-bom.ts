import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/bom/delete?enquiryId= - removes the current BOM (revisions of earlier releases stay). */
export function deleteBom(enquiryId: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/bom/delete', undefined, { query: { enquiryId } });
}

export function useDeleteBom({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteBom> } = {}) {
  return useEndpointMutation(deleteBom, storeEnquiry, mutationConfig);
}
