import { useEffect, useRef } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSigninCheck } from 'reactfire';
import { paths } from '@/config/paths';
import { authActions } from '@/lib/auth';
import { CurrentUserProvider } from '@/lib/current-user/current-user-provider';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { AppRoutes } from './routes/app-routes';
import { routesFor, signsOutFirst } from './routes/route-table';
import { log } from '@/lib/log';

function SignedInRoutes() {
  const { user } = useCurrentUser();
  const table = routesFor({
    companyType: user.company.type,
    admin: user.admin,
    passwordChangeNeeded: user.passwordChangeNeeded,
    pendingRegistration: user.company.pendingRegistration,
  });
  return <AppRoutes table={table} signedIn />;
}

/** Chooses the route table: signed out, or signed in (after the principal is loaded). */
export function Root() {
  const { status, data } = useSigninCheck();
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  const signedIn = status === 'success' && data.signedIn;
  // a mail link (/action, /reset) opened while signed in: end the session first, then continue signed out there
  const signOutFirst = signsOutFirst(useLocation().pathname);
  // every other end of a session (logout, disabled user, revoked/expired token) lands on /login
  useEffect(() => {
    if (status !== 'success') return;
    if (wasSignedIn.current && !signedIn && !signOutFirst) navigate(paths.auth.login.getHref(), { replace: true });
    wasSignedIn.current = signedIn;
  }, [status, signedIn, signOutFirst, navigate]);
  useEffect(() => {
    if (signedIn && signOutFirst)
      authActions.signOut().catch((e: unknown) => log.warn('sign-out before the mail link failed', e));
  }, [signedIn, signOutFirst]);
  if (status !== 'success' || (data.signedIn && signOutFirst)) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (data.signedIn && data.user) {
    return (
      <CurrentUserProvider key={data.user.uid} firebaseUser={data.user}>
        <SignedInRoutes />
      </CurrentUserProvider>
    );
  }
  return <AppRoutes table={routesFor(null)} signedIn={false} />;
}
