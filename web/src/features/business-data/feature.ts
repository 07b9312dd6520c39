import { BUSINESS_DATA_DATE_FIELDS } from '@model/business-data-dates';
import { SELF_MANAGED_COMPANY_TYPES } from '@model/permissions';
import { paths } from '@/config/paths';
import { lazyPage, type Feature, type RouteAccess } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

/** CUSTOMER and SUPPLIER users (their offers' folders) and EXTERNAL users (the folders shared with them). */
const folderUser = (p: RouteAccess) =>
  SELF_MANAGED_COMPANY_TYPES.includes(p.companyType) || p.companyType === 'EXTERNAL';

/**
 * The project folder of an offer (issue 20; spec 01 §2 "Project folder views"): the list of folders shared with the
 * caller (EXTERNAL users' landing page and only menu entry), the folder page (signed in: the internal view; signed
 * out: the password link's anonymous view), the invitation sign-in (which also answers every unknown signed-out
 * path, spec 2), and the folder panel of the offer page.
 */
export const businessDataFeature: Feature = {
  namespace: 'business-data',
  dateFields: BUSINESS_DATA_DATE_FIELDS,
  routes: [
    {
      path: paths.businessData.list.path,
      allowed: folderUser,
      menu: { labelKey: 'business-data:menu', visible: (p) => p.companyType === 'EXTERNAL' },
      landing: (p) => p.companyType === 'EXTERNAL',
      element: lazyPage(() => import('./components/shared-folders-page'), 'SharedFoldersPage'),
    },
    {
      path: paths.businessData.detail.path,
      audience: 'everyone',
      allowed: folderUser,
      // signed out it is the anonymous view, which loads no TanStack Query; signed in it brings its own query scope
      element: lazyPage(() => import('./components/folder-page'), 'FolderPage', { queries: false }),
    },
    {
      path: paths.businessData.invite.path,
      audience: 'everyone',
      signedOutFallback: true,
      element: lazyPage(() => import('./components/invite-page'), 'InvitePage', { queries: false }),
    },
  ],
  panels: [
    {
      record: 'offer',
      id: 'business-data',
      order: 40,
      titleKey: 'business-data:title',
      component: lazyComponent(() => import('./components/offer-folder-panel'), 'OfferFolderPanel'),
    },
  ],
};
