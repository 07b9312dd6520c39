import { articleTransferFeature } from '@/features/article-transfer/feature';
import { articlesFeature } from '@/features/articles/feature';
import { authFeature } from '@/features/auth/feature';
import { bomFeature } from '@/features/bom/feature';
import { businessDataFeature } from '@/features/business-data/feature';
import { chatFeature } from '@/features/chat/feature';
import { companiesFeature } from '@/features/companies/feature';
import { documentsFeature } from '@/features/documents/feature';
import { fieldValuesFeature } from '@/features/field-values/feature';
import { importConfigsFeature } from '@/features/import-configs/feature';
import { enquiriesFeature } from '@/features/enquiries/feature';
import { legalFeature } from '@/features/legal/feature';
import { offersFeature } from '@/features/offers/feature';
import { profileFeature } from '@/features/profile/feature';
import { usersFeature } from '@/features/users/feature';
import { SHARED_NAMESPACES } from '@/config/i18n';
import type { Feature } from '@/lib/feature';

/**
 * Every area of the portal, in menu order: the route table, the menus, the translation namespaces and the slots
 * (record panels, header widgets: lib/slots) and the date-time fields the api client revives are built from this
 * list. Adding an area = its folder under features/, its locale file and one line here (docs/web.md "Adding an
 * area").
 */
export const FEATURES: Feature[] = [
  authFeature,
  profileFeature,
  usersFeature,
  companiesFeature,
  enquiriesFeature,
  offersFeature,
  documentsFeature,
  businessDataFeature,
  chatFeature,
  articlesFeature,
  articleTransferFeature,
  fieldValuesFeature,
  importConfigsFeature,
  bomFeature,
  legalFeature,
];

/** The translation namespaces to load: the shared one plus one per area. */
export const NAMESPACES = [...SHARED_NAMESPACES, ...FEATURES.flatMap((f) => (f.namespace ? [f.namespace] : []))];

/** The date-time fields of every area's records (`Feature.dateFields`), for the api client (`declareDateTimeFields`). */
export const DATE_TIME_FIELDS = FEATURES.flatMap((f) => f.dateFields ?? []);
