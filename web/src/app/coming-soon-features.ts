import { paths } from '@/config/paths';
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

/** The import screens (issue 23); the catalogue itself is built (features/articles, features/field-values). */
export const catalogueAndImportPlaceholders: Feature = {
  routes: [
    { path: paths.imports.configs.path, allowed: platformAdmin, menu: { labelKey: 'menu.import.config' } },
    { path: paths.imports.config.path, allowed: platformAdmin },
    { path: paths.imports.bom.path, allowed: adminCompany, menu: { labelKey: 'bom:menu' } },
  ],
};
