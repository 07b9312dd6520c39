import { vi } from 'vitest';

/**
 * A fake Firebase Auth for component tests (the network boundary next to fetch): every web test file gets it for
 * `@/config/firebase` and `firebase/auth` (testing/setup-tests.ts), and `resetFakeAuth` after each file.
 */
export const fakeUser = { uid: 'u1', getIdToken: vi.fn(async () => 'test-token'), metadata: {} };
export const auth = { currentUser: fakeUser as typeof fakeUser | null };
export const firebaseApp = {};

export const signInWithEmailAndPassword = vi.fn(async (_auth: unknown, _mail: string, _password: string) => ({
  user: fakeUser,
}));
export const signOut = vi.fn(async () => undefined);
export const verifyPasswordResetCode = vi.fn(async (_auth: unknown, _code: string) => 'max@firma.de');
export const confirmPasswordReset = vi.fn(async (_auth: unknown, _code: string, _pw: string) => undefined);
export const connectAuthEmulator = vi.fn();
export const getAuth = vi.fn(() => auth);
export const initializeAuth = vi.fn(() => auth);
export const indexedDBLocalPersistence = {};
export const browserLocalPersistence = {};
export const browserSessionPersistence = {};

type IdTokenListener = (user: typeof fakeUser | null) => void;
const idTokenListeners = new Set<IdTokenListener>();
/** What onIdTokenChanged reports first (Firebase: the restored session); `emitIdToken` changes it later. */
let idTokenUser: typeof fakeUser | null = null;
export const onIdTokenChanged = vi.fn((_auth: unknown, next: IdTokenListener) => {
  idTokenListeners.add(next);
  const current = idTokenUser;
  queueMicrotask(() => next(current));
  return () => idTokenListeners.delete(next);
});
/** Sets the signed-in user (null: signed out) and tells every listener, like Firebase after a sign-in/out. */
export function emitIdToken(user: typeof fakeUser | null): void {
  idTokenUser = user;
  idTokenListeners.forEach((listener) => listener(user));
}

/**
 * Back to the state a file starts with: the files of a worker share this module (vitest `isolate: false`). The mocks'
 * calls and implementations: `vi.resetAllMocks()` in testing/setup-tests.ts.
 */
export function resetFakeAuth(): void {
  auth.currentUser = fakeUser;
  idTokenUser = null;
  idTokenListeners.clear();
}
