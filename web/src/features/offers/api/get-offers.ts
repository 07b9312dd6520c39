import { queryOptions } from '@tanstack/react-query';
import type { OfferSortColumn } from '@model/offer';
import type { OfferState } from '@model/offer-states';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';
import type { OfferListItem } from './offer-types';

/** GET /offer/filter: the paging contract, the reference-number search and the states of the list view. */
export type GetOffersRequest = PageRequest<OfferSortColumn> & {
  referenceNumber?: string;
  states: readonly OfferState[];
};
export type GetOffersResponse = Page<OfferListItem>;

/** Suppliers: their company's offers; customers: released offers on their enquiries (never invalidated ones). */
function getOffers(request: GetOffersRequest): Promise<GetOffersResponse> {
  return api.get<GetOffersResponse>('/offer/filter', {
    query: pageRequestParams({ ...request }),
    toastOnError: true,
  });
}

/** Keys: ['offers', 'list'] for every page, ['offers', 'list', request] for one. */
export const getOffersQueryOptions = (request?: GetOffersRequest) =>
  queryOptions({
    queryKey: offerKeys.list(request),
    queryFn: () => getOffers(request!),
    enabled: request !== undefined,
  });
