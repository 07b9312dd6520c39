import type { Offer } from '@model/offer';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeOffer } from './offer-cache';

/** POST /offer/archive?offerId= - the supplier, on an OPEN or DECLINED offer; archiving replaces delete. */
export function archiveOffer(offerId: string): Promise<Offer> {
  return api.post<Offer>('/offer/archive', undefined, { query: { offerId } });
}

/** Several at once (the list's bulk action): one settled result per id, in order. */
export function archiveOffers(offerIds: string[]): Promise<PromiseSettledResult<Offer>[]> {
  return Promise.allSettled(offerIds.map(archiveOffer));
}

export function useArchiveOffer({ mutationConfig }: { mutationConfig?: MutationConfig<typeof archiveOffer> } = {}) {
  return useEndpointMutation(archiveOffer, storeOffer, mutationConfig);
}

/** Archives the given offers; when every call has settled the offer queries are refetched once. */
export function useArchiveOffers({ mutationConfig }: { mutationConfig?: MutationConfig<typeof archiveOffers> } = {}) {
  return useEndpointMutation(
    archiveOffers,
    (queryClient) => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
    mutationConfig,
  );
}
