import type { EnquiryListItem } from '@model/enquiry';
import type { JobConditions } from '@model/job-conditions';
import type { Offer, OfferTerms } from '@model/offer';

export type { OfferListItem } from '@model/offer';

/** One offer of GET /offer/compare: the copied fields that differ from the enquiry, and the outdated marker. */
export type ComparedOffer = Offer & { deviations: string[]; outdated: boolean };

/** GET /offer/compare: the enquiry (its list fields and job conditions) and its released, live offers. */
export interface OfferComparison {
  enquiry: EnquiryListItem & JobConditions & Partial<OfferTerms>;
  offers: ComparedOffer[];
}
