import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

/** /profile: every signed-in user, and the only page of restricted mode. */
export const profileFeature: Feature = {
  namespace: 'profile',
  routes: [
    {
      path: paths.profile.path,
      restricted: true,
      element: lazyPage(() => import('./components/profile-page'), 'ProfilePage'),
    },
  ],
};
