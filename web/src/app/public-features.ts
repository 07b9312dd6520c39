import { authFeature } from '@/features/auth/feature';
import { businessDataFeature } from '@/features/business-data/feature';
import { legalFeature } from '@/features/legal/feature';
import { SHARED_NAMESPACES } from '@/config/i18n';
import type { Feature } from '@/lib/feature';

/**
 * The features with pages for signed-out visitors (sign-in and registration, the legal pages, a project folder's
 * password link and the invitation): the only ones the entry bundle carries, so /login stays within its budget
 * however many areas the portal gets. They are in `FEATURES` too; a test fails when a feature with a signed-out
 * route is missing here.
 */
export const PUBLIC_FEATURES: Feature[] = [authFeature, businessDataFeature, legalFeature];

/** The translation namespaces loaded at start; the signed-in chunk loads every area's (app/signed-in-app.tsx). */
export const PUBLIC_NAMESPACES = [
  ...SHARED_NAMESPACES,
  ...PUBLIC_FEATURES.flatMap((f) => (f.namespace ? [f.namespace] : [])),
];

/** The public features' date-time fields, declared to the api client at start (main.tsx). */
export const PUBLIC_DATE_TIME_FIELDS = PUBLIC_FEATURES.flatMap((f) => f.dateFields ?? []);
