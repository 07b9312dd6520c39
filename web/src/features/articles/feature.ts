import { CHANGE_HISTORY_DATE_FIELDS } from '@model/change-history-dates';
import type { Article } from '@model/catalogue';
import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

declare module '@/lib/feature' {
  /** /article offers a section slot (the article import and export panels of features/article-transfer) */
  interface SectionPages {
    articles: true;
  }
  /** the article form, for other features' side panels */
  interface EditorRecords {
    article: Article;
  }
}

/**
 * /article and /article/:id for every ADMIN-company user (spec 02 §2; docs/decisions-catalogue.md "Access": users
 * without the admin flag change articles too).
 */
export const articlesFeature: Feature = {
  namespace: 'articles',
  // the change history's entry time (components/change-history)
  dateFields: CHANGE_HISTORY_DATE_FIELDS,
  routes: [
    {
      path: paths.articles.list.path,
      allowed: (p) => p.companyType === 'ADMIN',
      menu: { labelKey: 'articles:menu' },
      element: lazyPage(() => import('./components/article-list-page'), 'ArticleListPage'),
    },
    {
      path: paths.articles.detail.path,
      allowed: (p) => p.companyType === 'ADMIN',
      element: lazyPage(() => import('./components/article-form-page'), 'ArticleFormPage'),
    },
  ],
  // the article form for other features' side panels (the admin BOM import's "edit article" view)
  editors: [
    { kind: 'article', component: lazyComponent(() => import('./components/article-editor'), 'ArticleEditor') },
  ],
};
