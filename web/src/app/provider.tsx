import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Box, CircularProgress, CssBaseline, ThemeProvider } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { de } from 'date-fns/locale/de';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { auth, firebaseApp } from '@/config/firebase';
import { theme } from '@/config/theme';
import { TOAST_OPTIONS } from '@/config/toast';
import { useBuildInfoCheck } from '@/lib/build-info';
import { createQueryClient } from '@/lib/react-query';

function BuildInfoCheck() {
  useBuildInfoCheck();
  return null;
}

/** Global providers: query cache, theme, date pickers (German), Firebase (reactfire), toasts, build-info check. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
            <CircularProgress />
          </Box>
        }
      >
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={de}>
            <FirebaseAppProvider firebaseApp={firebaseApp}>
              <AuthProvider sdk={auth}>{children}</AuthProvider>
            </FirebaseAppProvider>
          </LocalizationProvider>
          <ToastContainer {...TOAST_OPTIONS} />
        </ThemeProvider>
        <BuildInfoCheck />
      </Suspense>
    </QueryClientProvider>
  );
}
