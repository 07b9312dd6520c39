import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** GET /enquiry/reopen?enquiryId= - the customer, on a released or closed enquiry: an editable draft again. */
export function reopenEnquiry(enquiryId: string): Promise<Enquiry> {
  return api.get<Enquiry>('/enquiry/reopen', { query: { enquiryId } });
}

/** A call with an effect, so a mutation although it is a GET. */
export function useReopenEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reopenEnquiry> } = {}) {
  return useEndpointMutation(reopenEnquiry, storeEnquiry, mutationConfig);
}
