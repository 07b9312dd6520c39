import type { Offer } from '@model/offer';
import { paths } from '@/config/paths';

/** Where an offer is shown: /offer/:id while OPEN or DECLINED, /order/:id once ACCEPTED, /job/:id once CONFIRMED. */
export function offerHref(offer: Pick<Offer, 'id' | 'state'>): string {
  if (offer.state === 'ACCEPTED') return paths.orders.detail.getHref(offer.id);
  if (offer.state === 'CONFIRMED') return paths.jobs.detail.getHref(offer.id);
  return paths.offers.detail.getHref(offer.id);
}

/** The list an offer belongs to by its state (the form's back button). */
export function offerListHref(offer: Pick<Offer, 'state'>): string {
  if (offer.state === 'ACCEPTED') return paths.orders.list.getHref();
  if (offer.state === 'CONFIRMED') return paths.jobs.list.getHref();
  return paths.offers.list.getHref();
}
