import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Root } from './root';

/**
 * A plain <BrowserRouter>: the role-based tables render below Root (app/routes); render errors show the error
 * page. (The data router's loaders and actions are not used; leaving them out keeps the sign-in page small.)
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RenderedLocation />
      <ErrorBoundary>
        <Root />
      </ErrorBoundary>
    </BrowserRouter>
  );
}

/**
 * Marks the address whose page is on screen (`data-rendered-location` on <html>): the router shows the old page until
 * the new one is ready (a transition), so "the address bar changed" does not mean "the page did". The e2e walker waits
 * for it (web/e2e/route-walker.ts `settle`).
 */
export function RenderedLocation() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.renderedLocation = pathname + search;
  }, [pathname, search]);
  return null;
}
