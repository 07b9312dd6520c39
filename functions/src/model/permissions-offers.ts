import { enquiryRefusal, type Offer } from './offer.js';
import { OFFER_TRANSITIONS, transitionRefusal, type OfferAction, type OfferSide } from './offer-states.js';
import type { Principal } from './user.js';

/**
 * Rules about one offer record (pure; checked in the service on the record it read inside the transaction;
 * the web shows its buttons by them). Decisions (docs/decisions-offers.md):
 * - a supplier company sees all its own offers (every state, drafts, archived, invalidated versions);
 * - a customer company sees the released offers on its own enquiries, never drafts;
 * - nobody sees another supplier's offer (so never its price); admin and EXTERNAL users see no offers
 *   (EXTERNAL users reach shared project folders through the business-data calls of a later issue).
 */
export type OfferCaller = Pick<Principal, 'companyType' | 'company' | 'restriction'>;
type Record = Pick<Offer, 'supplierId' | 'customerId' | 'released' | 'state' | 'archived' | 'invalidated'> &
  Partial<Pick<Offer, 'enquiryStanding'>>;

/** Which side of this offer the caller's company is on, if any. */
export function offerSide(caller: OfferCaller, offer: Pick<Offer, 'supplierId' | 'customerId'>): OfferSide | undefined {
  if (caller.restriction) return undefined;
  if (caller.companyType === 'SUPPLIER' && caller.company.id === offer.supplierId) return 'supplier';
  if (caller.companyType === 'CUSTOMER' && caller.company.id === offer.customerId) return 'customer';
  return undefined;
}

export function canSeeOffer(caller: OfferCaller, offer: Record): boolean {
  const side = offerSide(caller, offer);
  return side === 'supplier' || (side === 'customer' && offer.released);
}

/** POST /offer/update: the supplier, while the offer is an unreleased OPEN draft on an open enquiry. */
export function canEditOffer(caller: OfferCaller, offer: Record): boolean {
  return (
    offerSide(caller, offer) === 'supplier' &&
    !offer.released &&
    transitionRefusal(offer, 'release') === undefined &&
    enquiryRefusal(offer.enquiryStanding ?? 'open', 'update') === undefined
  );
}

/** May the caller take this action now (side and state; the required file is the service's check)? */
export function canActOnOffer(caller: OfferCaller, offer: Record, action: OfferAction): boolean {
  return (
    canSeeOffer(caller, offer) &&
    offerSide(caller, offer) === OFFER_TRANSITIONS[action].side &&
    transitionRefusal(offer, action) === undefined &&
    enquiryRefusal(offer.enquiryStanding ?? 'open', action) === undefined
  );
}

/**
 * The offer's documents folder: the supplier uploads while the offer is live (not archived or invalidated);
 * the customer uploads (his ORDER document) while a released offer is OPEN or later.
 */
export function canChangeOfferFiles(caller: OfferCaller, offer: Record): boolean {
  if (!canSeeOffer(caller, offer) || offer.archived || offer.invalidated) return false;
  return offerSide(caller, offer) === 'supplier' || offer.state !== 'DECLINED';
}
