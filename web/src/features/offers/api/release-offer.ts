import type { Offer } from '@model/offer';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeOffer } from './offer-cache';

/** POST /offer/release?offerId= - the supplier, on its OPEN draft; 422 missingOfferFile without an OFFER pdf. */
export function releaseOffer(offerId: string): Promise<Offer> {
  return api.post<Offer>('/offer/release', undefined, { query: { offerId } });
}

export function useReleaseOffer({ mutationConfig }: { mutationConfig?: MutationConfig<typeof releaseOffer> } = {}) {
  return useEndpointMutation(releaseOffer, storeOffer, mutationConfig);
}
