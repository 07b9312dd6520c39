import { FIELD_VALUE_LISTS, paths } from '@/config/paths';
import type { Feature, RouteAccess } from '@/lib/feature';

/*
 * The areas that arrive with later issues, registered with their spec-2 routes, permissions and menu entries
 * but without pages: they render the ComingSoonPage ("Dieser Bereich folgt in Kürze."). An area that gets
 * built registers its routes (with pages) in its own `features/<area>/feature.ts`; a route with a page supersedes
 * the placeholder of the same path (app/routes/route-table.ts `effectiveRoutes`), so this file need not change.
 * Menu labels of these placeholders live in the common namespace (`menu.*`).
 */

const adminCompany = (p: RouteAccess) => p.companyType === 'ADMIN';
const platformAdmin = (p: RouteAccess) => p.platformAdmin;

export const catalogueAndImportPlaceholders: Feature = {
  routes: [
    { path: paths.articles.list.path, allowed: adminCompany, menu: { labelKey: 'menu.article' } },
    { path: paths.articles.detail.path, allowed: adminCompany },
    { path: paths.fieldValues.overview.path, allowed: platformAdmin, menu: { labelKey: 'menu.fieldvalues' } },
    ...FIELD_VALUE_LISTS.flatMap((list) => [
      { path: paths.fieldValues.list.pathOf(list), allowed: platformAdmin },
      { path: paths.fieldValues.detail.pathOf(list), allowed: platformAdmin },
    ]),
    { path: paths.imports.configs.path, allowed: platformAdmin, menu: { labelKey: 'menu.import.config' } },
    { path: paths.imports.config.path, allowed: platformAdmin },
    { path: paths.imports.bom.path, allowed: adminCompany, menu: { labelKey: 'menu.import.stueckliste' } },
  ],
};
