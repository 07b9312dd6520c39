import { confirmPasswordReset, signInWithEmailAndPassword, signOut, verifyPasswordResetCode } from 'firebase/auth';
import { auth } from '@/config/firebase';

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
