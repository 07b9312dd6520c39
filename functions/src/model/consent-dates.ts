import type { Consent } from './consent.js';
import { dateTimeFields } from './dates.js';

// Apart from the consent schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The date-time fields of the consent records (web `Feature.dateFields`). */
export const CONSENT_DATE_FIELDS = dateTimeFields<Consent>()(['acceptedAt']);
