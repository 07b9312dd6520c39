import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Enquiry } from '@model/enquiry';
import { api } from '@/lib/api-client';
import { enquiryKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /enquiry/?id= - the customer company, or a supplier for a released, unarchived enquiry (else 404). */
export type GetEnquiryResponse = Enquiry;

export function getEnquiry(id: string): Promise<GetEnquiryResponse> {
  return api.get<GetEnquiryResponse>('/enquiry/', { query: { id }, toastOnError: true });
}

export const getEnquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: enquiryKeys.detail(id), queryFn: () => getEnquiry(id) });

export function useEnquiry({
  id,
  queryConfig,
}: {
  id: string;
  queryConfig?: QueryConfig<typeof getEnquiryQueryOptions>;
}) {
  return useQuery({ ...getEnquiryQueryOptions(id), ...queryConfig });
}
