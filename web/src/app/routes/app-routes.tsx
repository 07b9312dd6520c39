import { Suspense } from 'react';
import { Box, CircularProgress, Container } from '@mui/material';
import { Navigate, Outlet, Route, Routes, useSearchParams } from 'react-router-dom';
import { AppLayout } from '@/components/layout/app-layout';
import { NotFound } from '@/components/errors/not-found';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { paths } from '@/config/paths';
import { elementFor, SIGNED_OUT_OWN_LAYOUT, type RouteTable } from './route-table';

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress />
    </Box>
  );
}

/** Signed in at /login (right after the sign-in): /business-data/{id} when an id was given, else /. */
function PostLoginRedirect() {
  const [search] = useSearchParams();
  const id = search.get('id');
  return <Navigate to={id ? paths.businessData.detail.getHref(id) : paths.home.getHref()} replace />;
}

function PlainLayout() {
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Outlet />
    </Container>
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
      // signed out: any other path shows the same screen as the invite page (placeholder until business data)
      <ComingSoonPage />
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
        <Route element={<PlainLayout />}>
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
      <Route element={<AppLayout menu={table.menu} />}>
        <Route index element={<Navigate to={table.index} replace />} />
        {table.paths.map((p) => (
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
