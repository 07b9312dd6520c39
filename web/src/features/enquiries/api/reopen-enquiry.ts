import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/reopen?enquiryId= - the customer, on a released or closed enquiry: an editable draft again. */
export function reopenEnquiry(enquiryId: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/reopen', undefined, { query: { enquiryId } });
}

export function useReopenEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reopenEnquiry> } = {}) {
  return useEndpointMutation(reopenEnquiry, storeEnquiry, mutationConfig);
}
