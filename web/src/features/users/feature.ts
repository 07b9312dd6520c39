import { USER_DATE_FIELDS } from '@model/user-dates';
import { isUserManager } from '@model/permissions';
import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

/**
 * /user: the list for user managers and for every ADMIN-company user (read only without the admin flag);
 * /user/:id only for managers. "/" lands on the list for the ADMIN company (spec 2).
 */
export const usersFeature: Feature = {
  namespace: 'users',
  dateFields: USER_DATE_FIELDS,
  routes: [
    {
      path: paths.users.list.path,
      allowed: (p) => p.companyType === 'ADMIN' || isUserManager(p),
      menu: { labelKey: 'users:menu', visible: isUserManager },
      landing: (p) => p.companyType === 'ADMIN',
      element: lazyPage(() => import('./components/user-list-page'), 'UserListPage'),
    },
    {
      path: paths.users.detail.path,
      allowed: isUserManager,
      element: lazyPage(() => import('./components/user-form-page'), 'UserFormPage'),
    },
  ],
};
