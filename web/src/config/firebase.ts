import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';

const env = import.meta.env;

/** Firebase web config; every value can be overridden by a VITE_FIREBASE_* variable. Defaults: the demo project. */
const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-schrankwerk.firebaseapp.com',
  projectId: env.VITE_FIREBASE_PROJECT_ID ?? 'demo-schrankwerk',
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? 'demo-schrankwerk.appspot.com',
  appId: env.VITE_FIREBASE_APP_ID ?? 'demo-app-id',
};

const firebaseApp: FirebaseApp = getApps()[0] ?? initializeApp(firebaseConfig);
/**
 * getAuth() with the same persistence (IndexedDB, then local, then session storage) but without the popup/redirect
 * resolver: the portal signs in with e-mail and password only, and the resolver is a large part of the Auth SDK.
 * Vite's hot reload re-evaluates this module: it reuses the instance (a second initializeAuth would throw).
 */
const hot = import.meta.hot;
export const auth: Auth =
  (hot?.data?.auth as Auth | undefined) ??
  initializeAuth(firebaseApp, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
if (hot?.data) hot.data.auth = auth;

/**
 * The Auth emulator is used when VITE_AUTH_EMULATOR_HOST is set (e.g. "127.0.0.1:9099") or when the
 * portal is served from localhost / 127.0.0.1 (the local emulator stack: Hosting emulator on :5000,
 * `vite dev`). A production host never connects to it.
 */
function emulatorUrlFor(): string | undefined {
  if (env.VITE_AUTH_EMULATOR_HOST) return `http://${String(env.VITE_AUTH_EMULATOR_HOST).replace(/^https?:\/\//, '')}`;
  const host = typeof window !== 'undefined' ? window.location.hostname : '';
  return host === 'localhost' || host === '127.0.0.1' ? 'http://127.0.0.1:9099' : undefined;
}

const emulatorUrl = emulatorUrlFor();
if (emulatorUrl && !(auth as unknown as { emulatorConfig?: unknown }).emulatorConfig) {
  connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
}
