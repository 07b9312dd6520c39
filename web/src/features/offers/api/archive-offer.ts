import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@model/offer';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { OFFERS_KEY } from './get-offer';
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
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    onSuccess: async (offer, ...args) => {
      await storeOffer(queryClient, offer);
      await onSuccess?.(offer, ...args);
    },
    mutationFn: archiveOffer,
  });
}

/** Archives the given offers; when every call has settled the offer queries are refetched once. */
export function useArchiveOffers({ mutationConfig }: { mutationConfig?: MutationConfig<typeof archiveOffers> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: OFFERS_KEY });
      await onSuccess?.(...args);
    },
    mutationFn: archiveOffers,
  });
}
