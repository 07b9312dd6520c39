import { dateTimeFields } from './dates.js';
import type { Company } from './company.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The companies area's date-time fields (web `Feature.dateFields`): change entries. */
export const COMPANY_DATE_FIELDS = dateTimeFields<Company>()(['date']);
