import { Component, type ReactNode } from 'react';
import { log } from '@/lib/log';
import { ErrorView } from './error-page';

/**
 * Render errors of the pages (spec 2 / 8) under the app's plain <BrowserRouter> (the data router's errorElement
 * machinery is not bundled): the error page; its back button resets the boundary.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    log.warn('route error', error);
  }

  override render() {
    if (this.state.failed)
      return <ErrorView error={this.state.error} onBack={() => this.setState({ error: undefined, failed: false })} />;
    return this.props.children;
  }
}
