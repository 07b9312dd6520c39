import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { ENQUIRIES_KEY } from './get-enquiries';

/** GET /enquiry/?id= - the customer company, or a supplier for a released, unarchived enquiry (else 404). */
export type GetEnquiryResponse = Enquiry;

export function getEnquiry(id: string): Promise<GetEnquiryResponse> {
  return api.get<GetEnquiryResponse>('/enquiry/', { query: { id }, toastOnError: true });
}

export const getEnquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...ENQUIRIES_KEY, 'detail', id], queryFn: () => getEnquiry(id) });

export function useEnquiry({
  id,
  queryConfig,
}: {
  id: string;
  queryConfig?: QueryConfig<typeof getEnquiryQueryOptions>;
}) {
  return useQuery({ ...getEnquiryQueryOptions(id), ...queryConfig });
}
