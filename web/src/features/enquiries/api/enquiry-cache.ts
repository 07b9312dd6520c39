import type { QueryClient } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { getEnquiryQueryOptions } from './get-enquiry';
import { ENQUIRIES_KEY } from './get-enquiries';

/**
 * After a call that answers the enquiry: the answer becomes its detail query, every other enquiry query
 * (the list pages) is refetched. Shared by the enquiry mutations so each stays a few lines.
 */
export async function storeEnquiry(queryClient: QueryClient, enquiry: Enquiry): Promise<void> {
  const detail = getEnquiryQueryOptions(enquiry.id).queryKey;
  queryClient.setQueryData(detail, enquiry);
  await queryClient.invalidateQueries({
    queryKey: ENQUIRIES_KEY,
    predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(detail),
  });
}
