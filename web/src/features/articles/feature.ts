import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

/**
 * /article and /article/:id for every ADMIN-company user (spec 02 §2; docs/decisions-catalogue.md "Access": users
 * without the admin flag change articles too).
 */
export const articlesFeature: Feature = {
  namespace: 'articles',
  routes: [
    {
      path: paths.articles.list.path,
      allowed: (p) => p.companyType === 'ADMIN',
      menu: { labelKey: 'menu.article' },
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
