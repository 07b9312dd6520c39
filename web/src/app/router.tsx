import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Root } from './root';

/**
 * A plain <BrowserRouter>: the role-based tables render below Root (app/routes); render errors show the error
 * page. (The data router's loaders and actions are not used; leaving them out keeps the sign-in page small.)
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Root />
      </ErrorBoundary>
    </BrowserRouter>
  );
}
