import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { appQueryClient } from './react-query';

/**
 * The app's query cache around a part of the app. Not a root provider: the sign-in page uses no query and does
 * not load TanStack Query (web delivery budget); every other page gets it through `lazyPage` (lib/feature), the
 * signed-in app through SignedInApp. All scopes share the one client, so invalidation works across them.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}

export function withQueryScope(Page: ComponentType): ComponentType {
  function Scoped() {
    return (
      <QueryScope>
        <Page />
      </QueryScope>
    );
  }
  Scoped.displayName = `WithQueryScope(${Page.displayName ?? Page.name})`;
  return Scoped;
}
