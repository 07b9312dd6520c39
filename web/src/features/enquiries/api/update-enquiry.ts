import { enquiryInputSchema, type Enquiry, type EnquiryInput } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/update - the customer while it is a draft (locked: 409 enquiryLocked). */
export type UpdateEnquiryRequest = EnquiryInput & { id: string };
export type UpdateEnquiryResponse = Enquiry;

export function updateEnquiry(enquiry: UpdateEnquiryRequest): Promise<UpdateEnquiryResponse> {
  return api.post<UpdateEnquiryResponse>('/enquiry/update', enquiry);
}

/** The editable fields of a stored enquiry, through the model's input schema (server-set fields dropped). */
export function enquiryFormOf(enquiry: Enquiry): EnquiryInput {
  return enquiryInputSchema.cast(
    { additionalInfo: '', ...enquiry },
    { stripUnknown: true, assert: false },
  ) as unknown as EnquiryInput;
}

export function useUpdateEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateEnquiry> } = {}) {
  return useEndpointMutation(updateEnquiry, storeEnquiry, mutationConfig);
}
