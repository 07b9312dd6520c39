import { dateTimeFields } from './dates.js';
import type { Enquiry } from './enquiry.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The enquiries area's date-time fields (web `Feature.dateFields`). */
export const ENQUIRY_DATE_FIELDS = dateTimeFields<Enquiry>()(['releaseDate', 'firstReleaseDate', 'date', 'mappedAt']);
