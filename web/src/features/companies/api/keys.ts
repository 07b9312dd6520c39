import { resource } from '@/lib/query-keys';

/** the companies (GET /company*) */
export const companyKeys = resource('companies');
