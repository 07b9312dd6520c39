import { offerInputSchema, type Offer, type OfferInput } from '@model/offer';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeOffer } from './offer-cache';

/** POST /offer/update - the supplier while the offer is an unreleased OPEN draft (released: 409 offerReleased). */
export type UpdateOfferRequest = OfferInput & { id: string };

export function updateOffer(offer: UpdateOfferRequest): Promise<Offer> {
  return api.post<Offer>('/offer/update', offer);
}

/** The editable fields of a stored offer, through the model's input schema (server-set fields dropped). */
export function offerFormOf(offer: Offer): OfferInput {
  return offerInputSchema.cast({ ...offer }, { stripUnknown: true, assert: false }) as unknown as OfferInput;
}

export function useUpdateOffer({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateOffer> } = {}) {
  return useEndpointMutation(updateOffer, storeOffer, mutationConfig);
}
