import type { Offer } from '@model/offer';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeOffer } from './offer-cache';

/**
 * POST /offer/revision?offerId= - the supplier, on a released OPEN or DECLINED offer: 201 with the new
 * version (OPEN, unreleased, previousOfferId); the old one is invalidated.
 */
export function reviseOffer(offerId: string): Promise<Offer> {
  return api.post<Offer>('/offer/revision', undefined, { query: { offerId } });
}

export function useReviseOffer({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reviseOffer> } = {}) {
  return useEndpointMutation(
    reviseOffer,
    async (queryClient, offer) => {
      await storeOffer(queryClient, offer);
      // the old version changed too (invalidated, nextOfferId)
      await queryClient.invalidateQueries({ queryKey: offerKeys.all });
    },
    mutationConfig,
  );
}
