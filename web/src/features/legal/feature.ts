import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

const load = () => import('./index');

/**
 * The legal pages: signed in and signed out alike, in restricted mode too (texts in the `legal` namespace). For the
 * customers' users the AVB question after the sign-in (a dialog in the header's widget slot, so it stands over every
 * page of the app; it shows itself only when the AVB in force are not accepted, model/consent.ts).
 */
export const legalFeature: Feature = {
  namespace: 'legal',
  headerWidgets: [
    {
      id: 'avb-consent',
      order: 0,
      visible: (caller) => caller.companyType === 'CUSTOMER',
      component: lazyComponent(() => import('./components/avb-consent-dialog'), 'AvbConsentDialog'),
    },
  ],
  routes: [
    {
      path: paths.legal.imprint.path,
      audience: 'everyone',
      openInRestrictedMode: true,
      element: lazyPage(load, 'ImprintPage'),
    },
    {
      path: paths.legal.privacy.path,
      audience: 'everyone',
      openInRestrictedMode: true,
      element: lazyPage(load, 'PrivacyPage'),
    },
    {
      path: paths.legal.tom.path,
      audience: 'everyone',
      openInRestrictedMode: true,
      element: lazyPage(load, 'TomPage'),
    },
    {
      path: paths.legal.avb.path,
      audience: 'everyone',
      openInRestrictedMode: true,
      element: lazyPage(load, 'AvbPage'),
    },
    {
      path: paths.legal.subcontractors.path,
      audience: 'everyone',
      openInRestrictedMode: true,
      element: lazyPage(load, 'SubcontractorsPage'),
    },
  ],
};
