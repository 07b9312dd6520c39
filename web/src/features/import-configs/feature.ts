import { CHANGE_HISTORY_DATE_FIELDS } from '@model/change-history-dates';
import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

/** Admin-flag users of the ADMIN company (spec 02 §2/§6; the API enforces the same). */
const platformAdmin = (p: { platformAdmin: boolean }) => p.platformAdmin;

/** /import/config and /import/config/:id. */
export const importConfigsFeature: Feature = {
  namespace: 'import-configs',
  // the change history's entry time (components/change-history)
  dateFields: CHANGE_HISTORY_DATE_FIELDS,
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
