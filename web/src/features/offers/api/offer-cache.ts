import type { QueryClient } from '@tanstack/react-query';
import type { Offer } from '@model/offer';
import { getOfferQueryOptions, OFFERS_KEY, type OfferWithOutdated } from './get-offer';

/**
 * After a call that answers the offer: the answer becomes its detail query (keeping the known `outdated`
 * marker, which only GET /offer/ computes), every other offer query (lists, comparison) is refetched.
 */
export async function storeOffer(queryClient: QueryClient, offer: Offer): Promise<void> {
  const detail = getOfferQueryOptions(offer.id).queryKey;
  queryClient.setQueryData<OfferWithOutdated>(detail, (before) => ({ outdated: before?.outdated ?? false, ...offer }));
  await queryClient.invalidateQueries({
    queryKey: OFFERS_KEY,
    predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(detail),
  });
}
