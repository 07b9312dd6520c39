import type { Offer, RejectionReason } from '@model/offer';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeOffer } from './offer-cache';

/**
 * GET /offer/statechange?offerId=&state= - accept (customer, needs an ORDER document), decline (customer,
 * with a rejection reason) or confirm (supplier, needs an ORDER_CONFIRMATION document), as the model's
 * OFFER_TRANSITIONS allow. 422 missingOrderFile / missingOrderConfirmationFile; 409 invalidTransition,
 * offerNotReleased, enquiryClosed; 403 for the other side.
 */
export type ChangeOfferStateRequest =
  | { offerId: string; state: 'ACCEPTED' | 'CONFIRMED' }
  | {
      offerId: string;
      state: 'DECLINED';
      rejectionReason: RejectionReason;
      rejectionReasonIndividual?: string;
    };

export function changeOfferState(request: ChangeOfferStateRequest): Promise<Offer> {
  return api.get<Offer>('/offer/statechange', { query: { ...request } });
}

/** A call with an effect, so a mutation although it is a GET; accept closes the enquiry, so enquiries refetch. */
export function useChangeOfferState({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changeOfferState> } = {}) {
  return useEndpointMutation(
    changeOfferState,
    async (queryClient, offer) => {
      await storeOffer(queryClient, offer);
      // accept closes the enquiry
      await queryClient.invalidateQueries({ queryKey: queryKeys.enquiries.all });
    },
    mutationConfig,
  );
}
