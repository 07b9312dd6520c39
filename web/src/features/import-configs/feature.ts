import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

/** Admin-flag users of the ADMIN company (spec 02 §2/§6; the API enforces the same). */
const platformAdmin = (p: { platformAdmin: boolean }) => p.platformAdmin;

/** /import/config and /import/config/:id. */
export const importConfigsFeature: Feature = {
  namespace: 'import-configs',
  routes: [
    {
      path: paths.imports.configs.path,
      allowed: platformAdmin,
      menu: { labelKey: 'import-configs:menu' },
      element: lazyPage(() => import('./components/import-config-list-page'), 'ImportConfigListPage'),
    },
    {
      path: paths.imports.config.path,
      allowed: platformAdmin,
      element: lazyPage(() => import('./components/import-config-form-page'), 'ImportConfigFormPage'),
    },
  ],
};
