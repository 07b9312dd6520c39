import { resource } from '@/lib/query-keys';

/** the enquiries (GET /enquiry*) */
export const enquiryKeys = resource('enquiries');
