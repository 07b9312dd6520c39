import { useEffect, useRef } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useSigninCheck } from 'reactfire';
import { CurrentUserProvider } from '@/lib/current-user/current-user-provider';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { AppRoutes } from './routes/app-routes';
import { routesFor } from './routes/route-table';

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
  // every end of a session (logout, disabled user, revoked/expired token) lands on /login
  useEffect(() => {
    if (status !== 'success') return;
    if (wasSignedIn.current && !signedIn) navigate('/login', { replace: true });
    wasSignedIn.current = signedIn;
  }, [status, signedIn, navigate]);
  if (status !== 'success') {
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
