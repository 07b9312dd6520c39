import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { enquiryKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/** POST /enquiry/archive?enquiryId= - the customer; archiving replaces delete. */
export function archiveEnquiry(enquiryId: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/archive', undefined, { query: { enquiryId } });
}

/** Several at once (the list's bulk action): one settled result per id, in order. */
export function archiveEnquiries(enquiryIds: string[]): Promise<PromiseSettledResult<Enquiry>[]> {
  return Promise.allSettled(enquiryIds.map(archiveEnquiry));
}

export function useArchiveEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof archiveEnquiry> } = {}) {
  return useEndpointMutation(archiveEnquiry, storeEnquiry, mutationConfig);
}

/** Archives the given enquiries; when every call has settled (success or not) the enquiry queries are refetched once. */
export function useArchiveEnquiries({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof archiveEnquiries> } = {}) {
  return useEndpointMutation(
    archiveEnquiries,
    (queryClient) => queryClient.invalidateQueries({ queryKey: enquiryKeys.all }),
    mutationConfig,
  );
}
