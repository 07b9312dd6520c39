import type { QueryClient } from '@tanstack/react-query';
import type { Offer } from '@model/offer';
import { storeRecord } from '@/lib/query-keys';
import { offerKeys } from './keys';
import type { OfferWithOutdated } from './get-offer';

/**
 * After a call that answers the offer: the answer becomes its detail query (keeping the known `outdated`
 * marker, which only GET /offer/ computes), every other offer query (lists, comparison) is refetched.
 */
export function storeOffer(queryClient: QueryClient, offer: Offer): Promise<void> {
  return storeRecord<OfferWithOutdated>(queryClient, offerKeys, { outdated: false, ...offer }, (before) => ({
    outdated: before?.outdated ?? false,
    ...offer,
  }));
}
