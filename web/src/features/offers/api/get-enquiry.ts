import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';

/**
 * ['enquiries'] is the enquiry resource's key (features/enquiries); features do not import each other, so
 * the offer area names the key itself: an offer that closes the enquiry (accept) refetches its queries, and
 * the new-offer form shares the enquiry's detail query with the enquiry page.
 */
export const ENQUIRY_RESOURCE_KEY = ['enquiries'] as const;

/** GET /enquiry/?id= - what the new-offer form copies (a supplier sees released, unarchived enquiries). */
export function getEnquiry(id: string): Promise<Enquiry> {
  return api.get<Enquiry>('/enquiry/', { query: { id }, toastOnError: true });
}

export const getEnquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...ENQUIRY_RESOURCE_KEY, 'detail', id], queryFn: () => getEnquiry(id) });

export function useEnquiry({ id, enabled = true }: { id: string; enabled?: boolean }) {
  return useQuery({ ...getEnquiryQueryOptions(id), enabled });
}
