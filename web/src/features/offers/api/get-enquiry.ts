import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { enquiryKeys } from './keys';

/**
 * GET /enquiry/?id= - what the new-offer form copies (a supplier sees released, unarchived enquiries). Under the
 * enquiry resource's detail key (lib/query-keys), so the new-offer form and the enquiry page share the query.
 */
function getEnquiry(id: string): Promise<Enquiry> {
  return api.get<Enquiry>('/enquiry/', { query: { id }, toastOnError: true });
}

const getEnquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: enquiryKeys.detail(id), queryFn: () => getEnquiry(id) });

export function useEnquiry({ id, enabled = true }: { id: string; enabled?: boolean }) {
  return useQuery({ ...getEnquiryQueryOptions(id), enabled });
}
