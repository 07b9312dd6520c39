import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@model/offer';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /offer/?id= answers the offer plus whether the enquiry has a newer BOM or circuit diagram since. */
export type OfferWithOutdated = Offer & { outdated: boolean };

/** The supplier company (any of its offers) or the enquiry's customer (released offers); else 404. */
export function getOffer(id: string): Promise<OfferWithOutdated> {
  return api.get<OfferWithOutdated>('/offer/', { query: { id }, toastOnError: true });
}

export const getOfferQueryOptions = (id: string) =>
  queryOptions({ queryKey: offerKeys.detail(id), queryFn: () => getOffer(id) });

export function useOffer({ id, queryConfig }: { id: string; queryConfig?: QueryConfig<typeof getOfferQueryOptions> }) {
  return useQuery({ ...getOfferQueryOptions(id), ...queryConfig });
}
