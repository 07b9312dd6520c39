import { resource } from '@/lib/query-keys';

/** the companies (GET /company*) */
export const companyKeys = resource('companies');

/** the acceptances of the AVB and the privacy policy (GET /user/consents) */
export const consentKeys = resource('consents');
