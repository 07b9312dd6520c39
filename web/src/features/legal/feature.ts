import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

const load = () => import('./index');

/** The legal pages: signed in and signed out alike, in restricted mode too (texts in the `legal` namespace). */
export const legalFeature: Feature = {
  namespace: 'legal',
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
