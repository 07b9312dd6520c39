import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { authActions, useSigninCheck } from '@/lib/auth';
import { AppRoutes } from './routes/app-routes';
import { PUBLIC_ROUTES, signsOutFirst } from './routes/public-routes';
import { log } from '@/lib/log';

// loaded once somebody is signed in: the sign-in page does not carry the principal loading, the signed-in shell and
// the areas' route declarations; their texts arrive with it
const SignedInApp = lazy(async () => {
  const app = await import('./signed-in-app');
  await app.loadAreaTexts();
  return { default: app.SignedInApp };
});
const SIGNED_OUT_TABLE = PUBLIC_ROUTES.routesFor(null);

/** Chooses the route table: signed out, or signed in (after the principal is loaded). */
export function Root() {
  const signin = useSigninCheck();
  const { status } = signin;
  const data = signin.status === 'success' ? signin.data : null;
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  const signedIn = data?.signedIn === true;
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
  if (!data || (data.signedIn && signOutFirst)) return <Loading />;
  if (data.signedIn && data.user) {
    return (
      <Suspense fallback={<Loading />}>
        <SignedInApp firebaseUser={data.user} />
      </Suspense>
    );
  }
  return <AppRoutes table={SIGNED_OUT_TABLE} signedIn={false} routes={PUBLIC_ROUTES} />;
}
