import { ARTICLE_TRANSFER_DATE_FIELDS } from '@model/article-transfer-dates';
import type { Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

/**
 * The article import and export panels (spec 02 §2 /article), contributed to the articles page through its section
 * slot (`<PageSections page="articles" />`), so the articles feature does not know them. The import is for
 * admin-flag users of the ADMIN company, the export for every ADMIN-company user (docs/decisions-imports.md
 * "Access"); the server checks the same.
 */
export const articleTransferFeature: Feature = {
  namespace: 'article-transfer',
  dateFields: ARTICLE_TRANSFER_DATE_FIELDS,
  routes: [],
  pageSections: [
    {
      page: 'articles',
      id: 'import',
      order: 10,
      titleKey: 'article-transfer:import.title',
      visible: (caller) => caller.platformAdmin,
      component: lazyComponent(() => import('./components/import-panel'), 'ImportPanel'),
    },
    {
      page: 'articles',
      id: 'export',
      order: 20,
      titleKey: 'article-transfer:export.title',
      visible: (caller) => caller.companyType === 'ADMIN',
      component: lazyComponent(() => import('./components/export-panel'), 'ExportPanel'),
    },
  ],
};
