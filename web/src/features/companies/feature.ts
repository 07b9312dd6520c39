import { COMPANY_DATE_FIELDS } from '@model/company-dates';
import { CONSENT_DATE_FIELDS } from '@model/consent-dates';
import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

/** Company administration: platform admins only. */
export const companiesFeature: Feature = {
  namespace: 'companies',
  dateFields: [...COMPANY_DATE_FIELDS, ...CONSENT_DATE_FIELDS],
  routes: [
    {
      path: paths.companies.list.path,
      allowed: (p) => p.platformAdmin,
      menu: { labelKey: 'companies:menu' },
      element: lazyPage(() => import('./components/company-list-page'), 'CompanyListPage'),
    },
    {
      path: paths.companies.detail.path,
      allowed: (p) => p.platformAdmin,
      element: lazyPage(() => import('./components/company-form-page'), 'CompanyFormPage'),
    },
  ],
};
