import type { Offer } from '@model/offer';
import { isJobState, type OfferState } from '@model/offer-states';
import { paths } from '@/config/paths';

const isOrder = (state: OfferState) => state === 'ACCEPTED' || state === 'LAPSED';

/** Where an offer is shown: /offer/:id while OPEN or DECLINED, /order/:id as an order (also lapsed), /job/:id as a job. */
export function offerHref(offer: Pick<Offer, 'id' | 'state'>): string {
  if (isOrder(offer.state)) return paths.orders.detail.getHref(offer.id);
  if (isJobState(offer.state)) return paths.jobs.detail.getHref(offer.id);
  return paths.offers.detail.getHref(offer.id);
}

/** The list an offer belongs to by its state (the form's back button). */
export function offerListHref(offer: Pick<Offer, 'state'>): string {
  if (isOrder(offer.state)) return paths.orders.list.getHref();
  if (isJobState(offer.state)) return paths.jobs.list.getHref();
  return paths.offers.list.getHref();
}
