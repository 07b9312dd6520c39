import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User as FirebaseUser } from 'firebase/auth';
import type { User } from '@model/user';
import type { Company } from '@model/company';
import { useTranslation } from 'react-i18next';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { ApiError, errorText } from '@/lib/api-client';
import { authActions, COUNT_LOGIN_KEY, FATAL_AUTH_CODES } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { CurrentUserContext, type CurrentUser } from './current-user-context';
import { getUser } from './api/get-user';
import { updateLoginCounter } from './api/update-login-counter';

type LoadedUser = User & { company: Company };

/** Errors after which the session ends and the user goes back to /login. */
const FATAL_CODES = ['unauthenticated', 'tokenRevoked', 'userDisabled', 'companyInactive'];

/**
 * Loads the signed-in principal (GET /user/?id=<uid>, user with company) after the Firebase sign-in and
 * counts the login once per sign-in (GET /user/update/counter). Fatal conditions sign out.
 */
export function CurrentUserProvider({ firebaseUser, children }: { firebaseUser: FirebaseUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<LoadedUser | null>(null);
  const [failed, setFailed] = useState(false);

  const logout = useCallback(async () => {
    await authActions.signOut();
  }, []);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      let loaded: User;
      // once per login (set by authActions.signIn), not on every page load
      if (sessionStorage.getItem(COUNT_LOGIN_KEY)) {
        sessionStorage.removeItem(COUNT_LOGIN_KEY);
        loaded = await updateLoginCounter(firebaseUser.uid);
        if (!loaded.company) loaded = await getUser(firebaseUser.uid);
      } else {
        loaded = await getUser(firebaseUser.uid);
      }
      setUser(loaded as LoadedUser);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : ((error as { code?: string }).code ?? '');
      if (FATAL_CODES.includes(code) || FATAL_AUTH_CODES.includes(code)) {
        notify.error(errorText(error instanceof ApiError ? error.code : 'unknown'));
        await authActions.signOut();
        return;
      }
      console.warn('loading the current user failed', error);
      setFailed(true);
    }
  }, [firebaseUser]);

  useEffect(() => {
    void load();
  }, [load]);

  const value = useMemo<CurrentUser | null>(
    () => (user ? { user, setUser, reload: load, logout } : null),
    [user, load, logout],
  );

  if (failed) {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{t('errors.unknown')}</Typography>
        <Button onClick={() => void load()} sx={{ mr: 1 }}>
          {t('common.retry')}
        </Button>
        <Button onClick={() => void logout()}>{t('profile.logout')}</Button>
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
