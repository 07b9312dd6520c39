/** Stack tests: the emulator addresses (the global setup sets them; these are the same defaults). */
export const PROJECT_ID = 'demo-schrankwerk';
export const HOSTS = {
  portal: 'http://127.0.0.1:5000',
  firestore: '127.0.0.1:8080',
  auth: '127.0.0.1:9099',
  storage: '127.0.0.1:9199',
};

export function ensureEmulatorEnv(): void {
  process.env.GCLOUD_PROJECT ??= PROJECT_ID;
  process.env.FIRESTORE_EMULATOR_HOST ??= HOSTS.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= HOSTS.auth;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= HOSTS.storage;
  process.env.STORAGE_EMULATOR_HOST ??= `http://${HOSTS.storage}`;
}
