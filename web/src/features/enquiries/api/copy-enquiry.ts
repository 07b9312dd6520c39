import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/copy?id= - the customer; 201 with a new draft holding the same data and copies of the files. */
export function copyEnquiry(id: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/copy', undefined, { query: { id } });
}

export function useCopyEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof copyEnquiry> } = {}) {
  return useEndpointMutation(copyEnquiry, storeEnquiry, mutationConfig);
}
