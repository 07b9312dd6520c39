import { useEffect, useState } from 'react';
import {
  confirmPasswordReset,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { auth } from '@/config/firebase';
import { log } from '@/lib/log';

export const COUNT_LOGIN_KEY = 'schrankwerk.countLogin';

/**
 * The Firebase Auth boundary of the app. Components call these instead of the SDK, so component tests can
 * replace this one module (next to `fetch`) and everything else stays real.
 */
export const authActions = {
  /** Signs in; `countLogin` (default) makes the CurrentUserProvider call the login counter once. */
  signIn: async (mail: string, password: string, { countLogin = true } = {}) => {
    if (countLogin) sessionStorage.setItem(COUNT_LOGIN_KEY, '1');
    return (await signInWithEmailAndPassword(auth, mail, password)).user.uid;
  },
  signOut: () => signOut(auth),
  verifyResetCode: (oobCode: string) => verifyPasswordResetCode(auth, oobCode),
  confirmReset: (oobCode: string, password: string) => confirmPasswordReset(auth, oobCode, password),
};

/** Identity-provider codes that end the session (spec 8). */
export const FATAL_AUTH_CODES = ['auth/user-disabled', 'auth/user-token-expired'];

/** The sign-in state: loading until Firebase has restored (or not) the persisted session. */
export type SigninCheck = { status: 'loading' } | { status: 'success'; data: { signedIn: boolean; user: User | null } };

/**
 * Signed in or out, from the Auth SDK's ID-token stream (sign-in, sign-out, token refresh, revocation). Our own
 * few lines instead of reactfire, whose providers pull every Firebase SDK into the bundle (the app only needs Auth).
 */
export function useSigninCheck(): SigninCheck {
  const [state, setState] = useState<SigninCheck>({ status: 'loading' });
  useEffect(
    () =>
      onIdTokenChanged(
        auth,
        (user) => setState({ status: 'success', data: { signedIn: user !== null, user } }),
        (error) => log.warn('auth state', error),
      ),
    [],
  );
  return state;
}
