import { paths } from '@/config/paths';
import { lazyPage, type Feature, type RouteAccess } from '@/lib/feature';

/** Every ADMIN-company user (spec 02 §1: with or without the admin flag); the history inside is for administrators. */
const adminCompany = (p: RouteAccess) => p.companyType === 'ADMIN';

/** /import/stueckliste, the administrators' BOM import (supersedes the placeholder of app/coming-soon-features.ts). */
export const bomImportFeature: Feature = {
  namespace: 'bom-import',
  routes: [
    {
      path: paths.imports.bom.path,
      allowed: adminCompany,
      menu: { labelKey: 'menu.import.stueckliste' },
      element: lazyPage(() => import('./components/bom-import-page'), 'BomImportPage'),
    },
  ],
};
