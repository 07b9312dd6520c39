import type { Company } from '@model/company';
import { type User } from '@model/user';
import { USER_DATE_FIELDS } from '@model/user-dates';
import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';

declare module '@/lib/feature' {
  /** the signed-in user's own profile page offers record panels (e.g. the chat's mail-digest switch) */
  interface SlotRecords {
    profile: User & { company: Company };
  }
}

/** /profile: every signed-in user, and the only page of restricted mode. */
export const profileFeature: Feature = {
  namespace: 'profile',
  dateFields: USER_DATE_FIELDS,
  routes: [
    {
      path: paths.profile.path,
      restricted: true,
      element: lazyPage(() => import('./components/profile-page'), 'ProfilePage'),
    },
  ],
};
