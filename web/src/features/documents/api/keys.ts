import { resource } from '@/lib/query-keys';

/** the records whose documents folders these are: an upload or delete changes their `documents` */
export const enquiryKeys = resource('enquiries');
export const offerKeys = resource('offers');
