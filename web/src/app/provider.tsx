import { lazy, Suspense, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { Loading } from '@/components/loading';
import { theme } from '@/config/theme';
import { useBuildInfoCheck } from '@/lib/build-info';
import { useToastsNeeded } from '@/lib/toasts-needed';

const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

/** The toast container, mounted once anything that can toast has been loaded (not on the sign-in page). */
function ToastHost() {
  return useToastsNeeded() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

function BuildInfoCheck() {
  useBuildInfoCheck();
  return null;
}

/**
 * Global providers: theme, toasts, build-info check. What the sign-in page does not need is provided further down
 * (web delivery budget): the query cache by every page but the sign-in page (lib/query-scope), the date pickers'
 * German localization by the date field itself (components/form-page FormDateField, in the pages that have one).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ToastHost />
      </ThemeProvider>
      <BuildInfoCheck />
    </Suspense>
  );
}
