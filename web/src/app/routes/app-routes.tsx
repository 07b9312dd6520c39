import { lazy, Suspense } from 'react';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Outlet, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Loading } from '@/components/loading';
import { NotFound } from '@/components/errors/not-found';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { paths } from '@/config/paths';
import { RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-to';
import { elementFor, SIGNED_OUT_FALLBACK, SIGNED_OUT_OWN_LAYOUT, type RouteTable } from './route-table';

// the signed-in shell (header, menu drawer) is loaded after the sign-in, not with the sign-in page
const AppLayout = lazy(async () => ({ default: (await import('@/components/layout/app-layout')).AppLayout }));

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

/** Signed out at a signed-in page (a mail link): to the sign-in, which continues at this very address. */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={paths.auth.login.getHref(`${pathname}${search}${hash}`)} replace />;
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
 * Signed out, an unknown path: the invite screen (spec 2), the page of the feature route marked `signedOutFallback`;
 * without one, the placeholder with a way to the sign-in.
 */
function SignedOutFallback() {
  const { t } = useTranslation();
  if (SIGNED_OUT_FALLBACK) {
    const Page = SIGNED_OUT_FALLBACK;
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  }
  return (
    <>
      <ComingSoonPage />
      <Button component={RouterLink} to={paths.auth.login.getHref()} variant="contained" sx={{ mt: 2 }}>
        {t('common.toLogin')}
      </Button>
    </>
  );
}

function render(path: string) {
  const Page = elementFor(path);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** Turns a route table (data) into routes. */
export function AppRoutes({ table, signedIn }: { table: RouteTable; signedIn: boolean }) {
  const fallback =
    table.fallback === 'profile' ? (
      <Navigate to={paths.profile.getHref()} replace />
    ) : table.fallback === 'notFound' ? (
      <NotFound />
    ) : (
      // signed out: any other path shows the same screen as the invite page
      <SignedOutFallback />
    );
  if (!signedIn) {
    return (
      <Routes>
        <Route index element={<Navigate to={table.index} replace />} />
        {table.paths
          .filter((p) => SIGNED_OUT_OWN_LAYOUT.includes(p))
          .map((p) => (
            <Route key={p} path={p} element={render(p)} />
          ))}
        {table.signInFirst.map((p) => (
          <Route key={p} path={p} element={<SignInFirst />} />
        ))}
        <Route element={<SignedOutLayout />}>
          {table.paths
            .filter((p) => !SIGNED_OUT_OWN_LAYOUT.includes(p))
            .map((p) => (
              <Route key={p} path={p} element={render(p)} />
            ))}
          <Route path="*" element={fallback} />
        </Route>
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
          <Route key={p} path={p} element={render(p)} />
        ))}
        {Object.entries(table.redirects).map(([from, to]) => (
          <Route
            key={from}
            path={from}
            element={to === 'login' ? <PostLoginRedirect /> : <Navigate to={to} replace />}
          />
        ))}
        <Route path="*" element={fallback} />
      </Route>
    </Routes>
  );
}
