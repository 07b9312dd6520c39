import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ErrorPage } from '@/components/errors/error-page';
import { Root } from './root';

/** One splat route; the role-based tables render below it (app/routes). Route errors show the error page. */
const router = createBrowserRouter([{ path: '*', element: <Root />, errorElement: <ErrorPage /> }]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
