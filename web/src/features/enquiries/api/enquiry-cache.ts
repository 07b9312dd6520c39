import type { QueryClient } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { storeRecord } from '@/lib/query-keys';
import { enquiryKeys } from './keys';

/**
 * After a call that answers the enquiry: the answer becomes its detail query, every other enquiry query
 * (the list pages) is refetched. Shared by the enquiry mutations so each stays a few lines.
 */
export function storeEnquiry(queryClient: QueryClient, enquiry: Enquiry): Promise<void> {
  return storeRecord(queryClient, enquiryKeys, enquiry);
}
