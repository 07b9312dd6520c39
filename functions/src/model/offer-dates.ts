import { dateTimeFields } from './dates.js';
import type { Offer } from './offer.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The offers area's date-time fields (web `Feature.dateFields`). */
export const OFFER_DATE_FIELDS = dateTimeFields<Offer>()([
  'releaseDate',
  'enquiryReleaseDate',
  'acceptDate',
  'lapseDate',
  'deliveredDate',
  'finishedDate',
  'cancelledDate',
]);
