import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

/** Sign-in, password reset, mail actions and the registration wizard (signed out, own card layout). */
export const authFeature: Feature = {
  namespace: 'auth',
  routes: [
    {
      path: paths.auth.login.path,
      audience: 'signedOut',
      ownLayout: true,
      // no query on the sign-in page: it loads no TanStack Query (web delivery budget)
      element: lazyPage(() => import('./components/login-page'), 'LoginPage', { queries: false }),
    },
    {
      path: paths.auth.forget.path,
      audience: 'signedOut',
      ownLayout: true,
      element: lazyPage(() => import('./components/forget-page'), 'ForgetPage'),
    },
    {
      path: paths.auth.action.path,
      audience: 'signedOut',
      ownLayout: true,
      signOutFirst: true,
      element: lazyPage(() => import('./components/action-page'), 'ActionPage'),
    },
    {
      path: paths.auth.reset.path,
      audience: 'signedOut',
      ownLayout: true,
      signOutFirst: true,
      element: lazyPage(() => import('./components/reset-page'), 'ResetPage'),
    },
    {
      path: paths.auth.register.path,
      audience: 'signedOut',
      ownLayout: true,
      element: lazyPage(() => import('./components/register-wizard'), 'RegisterWizard'),
    },
  ],
};
