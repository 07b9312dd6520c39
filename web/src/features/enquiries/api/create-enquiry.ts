import type { Enquiry, EnquiryInput } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/ - customers; 201 with the new draft (customer and flags set by the server). */
export type CreateEnquiryRequest = EnquiryInput;
export type CreateEnquiryResponse = Enquiry;

export function createEnquiry(enquiry: CreateEnquiryRequest): Promise<CreateEnquiryResponse> {
  return api.post<CreateEnquiryResponse>('/enquiry/', enquiry);
}

export function useCreateEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createEnquiry> } = {}) {
  return useEndpointMutation(createEnquiry, storeEnquiry, mutationConfig);
}
