import type { Offer, RejectionReason } from '@model/offer';
import { api } from '@/lib/api-client';
import { enquiryKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeOffer } from './offer-cache';

/**
 * POST /offer/statechange?offerId=&state= - accept (customer, needs an ORDER document), decline (customer,
 * with a rejection reason), confirm (supplier, needs an ORDER_CONFIRMATION document), and a job's end: delivered
 * (supplier), finished (customer) or cancelled (customer, with a reason), as the model's OFFER_TRANSITIONS allow.
 * 422 missingOrderFile / missingOrderConfirmationFile; 409 invalidTransition, offerNotReleased, enquiryClosed; 403
 * for the other side.
 */
export type ChangeOfferStateRequest =
  | { offerId: string; state: 'ACCEPTED' | 'CONFIRMED' | 'DELIVERED' | 'FINISHED' }
  | { offerId: string; state: 'CANCELLED'; cancellationReason: string }
  | {
      offerId: string;
      state: 'DECLINED';
      rejectionReason: RejectionReason;
      rejectionReasonIndividual?: string;
    };

export function changeOfferState(request: ChangeOfferStateRequest): Promise<Offer> {
  return api.post<Offer>('/offer/statechange', undefined, { query: { ...request } });
}

/** Accept closes the enquiry, so the enquiry queries refetch too. */
export function useChangeOfferState({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changeOfferState> } = {}) {
  return useEndpointMutation(
    changeOfferState,
    async (queryClient, offer) => {
      await storeOffer(queryClient, offer);
      // accept closes the enquiry
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
    },
    mutationConfig,
  );
}
