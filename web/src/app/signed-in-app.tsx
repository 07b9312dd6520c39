import type { User as FirebaseUser } from 'firebase/auth';
import i18next from 'i18next';
import { CurrentUserProvider } from '@/lib/current-user/current-user-provider';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { QueryScope } from '@/lib/query-scope';
import { slotsOf, SlotsProvider } from '@/lib/slots';
import { declareDateTimeFields } from '@/lib/date-fields';
import { DATE_TIME_FIELDS, FEATURES, NAMESPACES } from './features';
import { AppRoutes } from './routes/app-routes';
import { APP_ROUTES } from './routes/route-table';

function SignedInRoutes() {
  const { user } = useCurrentUser();
  const table = APP_ROUTES.routesFor({
    companyType: user.company.type,
    admin: user.admin,
    passwordChangeNeeded: user.passwordChangeNeeded,
    pendingRegistration: user.company.pendingRegistration,
  });
  return <AppRoutes table={table} signedIn routes={APP_ROUTES} />;
}

/** Every area's translation namespace (the entry loads the public features' only: app/public-features.ts). */
export function loadAreaTexts(): Promise<void> {
  return i18next.loadNamespaces(NAMESPACES);
}

// every area's records revive their date-time fields from the first call of the signed-in app on
declareDateTimeFields(DATE_TIME_FIELDS);

/** What the features contribute to each other's pages and to the header (record panels, header widgets). */
const SLOTS = slotsOf(FEATURES);

/**
 * The signed-in app: loads the principal, then its route table; provides the features' slots. A chunk of its own
 * (not needed to sign in).
 */
export function SignedInApp({ firebaseUser }: { firebaseUser: FirebaseUser }) {
  return (
    <QueryScope>
      <SlotsProvider slots={SLOTS}>
        <CurrentUserProvider key={firebaseUser.uid} firebaseUser={firebaseUser}>
          <SignedInRoutes />
        </CurrentUserProvider>
      </SlotsProvider>
    </QueryScope>
  );
}
