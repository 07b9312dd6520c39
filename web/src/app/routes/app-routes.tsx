import { lazy, Suspense } from 'react';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Outlet, Route, Routes, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Loading } from '@/components/loading';
import { NotFound } from '@/components/errors/not-found';
import { paths } from '@/config/paths';
import { RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-to';
import type { RouteFacts, RouteTable } from './route-builders';

// the signed-in shell (header, menu drawer) is loaded after the sign-in, not with the sign-in page
const AppLayout = lazy(async () => ({ default: (await import('@/components/layout/app-layout')).AppLayout }));
// signed out at an unknown path: is it a signed-in page? Knowing needs every area's routes, which /login does not load
const SignedInPathCheck = lazy(async () => ({ default: (await import('./signed-in-path-check')).SignedInPathCheck }));

/**
 * Signed in at /login (right after the sign-in): the address a mail link pointed at (`?next=`, an in-portal path
 * only), else /business-data/{id} when an id was given, else /.
 */
function PostLoginRedirect() {
  const [search] = useSearchParams();
  const next = safeReturnPath(search.get(RETURN_TO_PARAM));
  const id = search.get('id');
  return <Navigate to={next ?? (id ? paths.businessData.detail.getHref(id) : paths.home.getHref())} replace />;
}

/** Signed-out pages without their own card (legal pages, the invite screen): the sign-in layout, wide. */
function SignedOutLayout() {
  return (
    <AuthLayout width={960} loginLink>
      <Outlet />
    </AuthLayout>
  );
}

/**
 * Signed out, an unknown path that is no signed-in page either: the invite screen (spec 2), the page of the feature
 * route marked `signedOutFallback`; without one, only a way to the sign-in.
 */
function SignedOutFallback({ page: Page }: { page: RouteFacts['signedOutFallback'] }) {
  const { t } = useTranslation();
  return (
    <AuthLayout width={960} loginLink>
      {Page ? (
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      ) : (
        <Button component={RouterLink} to={paths.auth.login.getHref()} variant="contained" sx={{ mt: 2 }}>
          {t('common.toLogin')}
        </Button>
      )}
    </AuthLayout>
  );
}

function render(routes: RouteFacts, path: string) {
  const Page = routes.elementFor(path);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/**
 * Turns a route table (data) into routes; `routes` has the pages (signed out: the public features' facts, signed in:
 * every feature's).
 */
export function AppRoutes({ table, signedIn, routes }: { table: RouteTable; signedIn: boolean; routes: RouteFacts }) {
  if (!signedIn) {
    return (
      <Routes>
        <Route index element={<Navigate to={table.index} replace />} />
        {table.paths
          .filter((p) => routes.ownLayoutPaths.includes(p))
          .map((p) => (
            <Route key={p} path={p} element={render(routes, p)} />
          ))}
        <Route element={<SignedOutLayout />}>
          {table.paths
            .filter((p) => !routes.ownLayoutPaths.includes(p))
            .map((p) => (
              <Route key={p} path={p} element={render(routes, p)} />
            ))}
        </Route>
        {/* a signed-in page (a mail link to /offer/{id}) leads to the sign-in; any other path shows the invite page */}
        <Route
          path="*"
          element={
            <Suspense fallback={<Loading />}>
              <SignedInPathCheck otherwise={<SignedOutFallback page={routes.signedOutFallback} />} />
            </Suspense>
          }
        />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route
        element={
          <Suspense fallback={<Loading />}>
            <AppLayout menu={table.menu} />
          </Suspense>
        }
      >
        <Route index element={<Navigate to={table.index} replace />} />
        {[...table.paths, ...table.alsoOpen].map((p) => (
          <Route key={p} path={p} element={render(routes, p)} />
        ))}
        {Object.entries(table.redirects).map(([from, to]) => (
          <Route
            key={from}
            path={from}
            element={to === 'login' ? <PostLoginRedirect /> : <Navigate to={to} replace />}
          />
        ))}
        <Route
          path="*"
          element={table.fallback === 'profile' ? <Navigate to={paths.profile.getHref()} replace /> : <NotFound />}
        />
      </Route>
    </Routes>
  );
}
