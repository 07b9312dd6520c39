import type { Offer, OfferInput } from '@model/offer';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeOffer } from './offer-cache';

/**
 * POST /offer/ - a supplier, on an enquiry it may offer on; 201 with the new OPEN, unreleased version 1
 * (parties, original values and enquiry revisions set by the server). 409 offerNumberInUse / enquiryClosed.
 */
export type CreateOfferRequest = OfferInput & { enquiryId: string };

export function createOffer(offer: CreateOfferRequest): Promise<Offer> {
  return api.post<Offer>('/offer/', offer);
}

export function useCreateOffer({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createOffer> } = {}) {
  return useEndpointMutation(createOffer, storeOffer, mutationConfig);
}
