import { COMPANIES_ACCESS } from '../modules/companies/companies.access.js';
import { ENQUIRIES_ACCESS } from '../modules/enquiries/enquiries.access.js';
import { FILES_ACCESS } from '../modules/files/files.access.js';
import { HEALTH_ACCESS } from '../modules/health/health.access.js';
import { LEGAL_ACCESS } from '../modules/legal/legal.access.js';
import { OFFERS_ACCESS } from '../modules/offers/offers.access.js';
import { USERS_ACCESS } from '../modules/users/users.access.js';
import type { AccessRow } from './access-matrix.js';

/** The access matrix: one line per area (its rows live in modules/<area>/<area>.access.ts). */
export const ACCESS_ROWS: AccessRow[] = [
  ...HEALTH_ACCESS,
  ...USERS_ACCESS,
  ...COMPANIES_ACCESS,
  ...LEGAL_ACCESS,
  ...FILES_ACCESS,
  ...ENQUIRIES_ACCESS,
  ...OFFERS_ACCESS,
];
