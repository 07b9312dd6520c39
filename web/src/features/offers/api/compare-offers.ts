import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';
import type { OfferComparison } from './offer-types';

/** GET /offer/compare?enquiryId= - the enquiry's customer: its released, live offers of every state. */
function compareOffers(enquiryId: string): Promise<OfferComparison> {
  return api.get<OfferComparison>('/offer/compare', { query: { enquiryId }, toastOnError: true });
}

export const compareOffersQueryOptions = (enquiryId: string) =>
  queryOptions({ queryKey: offerKeys.compare(enquiryId), queryFn: () => compareOffers(enquiryId) });

export function useOfferComparison({
  enquiryId,
  queryConfig,
}: {
  enquiryId: string;
  queryConfig?: QueryConfig<typeof compareOffersQueryOptions>;
}) {
  return useQuery({ ...compareOffersQueryOptions(enquiryId), ...queryConfig });
}
