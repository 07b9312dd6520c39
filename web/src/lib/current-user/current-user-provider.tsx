import { useEffect, useMemo, type ReactNode } from 'react';
import type { User as FirebaseUser } from 'firebase/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@model/company';
import type { User } from '@model/user';
import { useTranslation } from 'react-i18next';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { ApiError, type ErrorCode } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { authActions, COUNT_LOGIN_KEY } from '@/lib/auth';
import { shouldRetry } from '@/lib/react-query';
import { CurrentUserContext, type CurrentUser } from './current-user-context';
import { getUser } from './api/get-user';
import { updateLoginCounter } from './api/update-login-counter';

type LoadedUser = User & { company: Company };

/** Errors after which the session ends and the user goes back to /login. */
const FATAL_CODES: readonly ErrorCode[] = ['unauthenticated', 'tokenRevoked', 'userDisabled', 'companyInactive'];
const isFatal = (error: unknown) => error instanceof ApiError && FATAL_CODES.includes(error.code);

/** The signed-in principal: GET /user/?id=<uid>, or - once per sign-in - the login counter, which answers the user too. */
async function loadCurrentUser(uid: string): Promise<LoadedUser> {
  // once per login (set by authActions.signIn), not on every page load
  if (sessionStorage.getItem(COUNT_LOGIN_KEY)) {
    sessionStorage.removeItem(COUNT_LOGIN_KEY);
    const counted = await updateLoginCounter(uid);
    if (counted.company) return counted as LoadedUser;
  }
  return (await getUser(uid)) as LoadedUser;
}

const currentUserQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.currentUser(uid),
    queryFn: () => loadCurrentUser(uid),
    // a long-open tab re-reads the principal now and then (role or company changes, deactivation)
    staleTime: 5 * 60 * 1000,
    retry: (count, error) => !isFatal(error) && shouldRetry(count, error),
  });

/**
 * Loads the signed-in principal (user with company) after the Firebase sign-in and counts the login once per
 * sign-in. Fatal conditions sign out. The query cache is emptied when the session ends, so nothing of one
 * user is shown to the next.
 */
export function CurrentUserProvider({ firebaseUser, children }: { firebaseUser: FirebaseUser; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // one options object per signed-in user: a fresh queryKey array each render would rebuild the context value
  const options = useMemo(() => currentUserQueryOptions(firebaseUser.uid), [firebaseUser.uid]);
  const query = useQuery(options);
  const { error, refetch } = query;

  useEffect(() => {
    if (!isFatal(error)) return;
    showError(error);
    void authActions.signOut();
  }, [error]);
  useEffect(() => () => queryClient.clear(), [queryClient]);

  const value = useMemo<CurrentUser | null>(
    () =>
      query.data
        ? {
            user: query.data,
            setUser: (user) => queryClient.setQueryData(options.queryKey, user),
            reload: async () => {
              await refetch();
            },
            logout: () => authActions.signOut(),
          }
        : null,
    [query.data, queryClient, options.queryKey, refetch],
  );

  if (!value && query.isError && !isFatal(error)) {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{t('errors.unknown')}</Typography>
        <Button onClick={() => void refetch()} sx={{ mr: 1 }}>
          {t('common.retry')}
        </Button>
        <Button onClick={() => void authActions.signOut()}>{t('profile:logout')}</Button>
      </Box>
    );
  }
  if (!value) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}
