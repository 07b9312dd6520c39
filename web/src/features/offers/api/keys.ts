import { resource } from '@/lib/query-keys';

/** offers, orders and jobs (GET /offer*) */
export const offerKeys = {
  ...resource('offers'),
  /** the customer's comparison of the offers on one enquiry */
  compare: (enquiryId: string) => ['offers', 'compare', enquiryId] as const,
};

/** the enquiry an offer is made for (read by the form, refreshed after a state change) */
export const enquiryKeys = resource('enquiries');
