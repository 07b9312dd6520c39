/**
 * Stack tests: the emulator addresses (the global setup starts the stack there), shifted by STACK_PORT_OFFSET
 * like the stack itself (scripts/stack/ports.ts) so a second checkout's suite can run beside this one.
 */
export const PROJECT_ID = 'demo-schrankwerk';
const offset = Number(process.env.STACK_PORT_OFFSET ?? 0);
export const HOSTS = {
  portal: `http://127.0.0.1:${5000 + offset}`,
  firestore: `127.0.0.1:${8080 + offset}`,
  auth: `127.0.0.1:${9099 + offset}`,
  storage: `127.0.0.1:${9199 + offset}`,
  /** our Cloud Tasks emulator (emulators/tasks) */
  tasks: `127.0.0.1:${9499 + offset}`,
};

export function ensureEmulatorEnv(): void {
  process.env.GCLOUD_PROJECT ??= PROJECT_ID;
  process.env.FIRESTORE_EMULATOR_HOST ??= HOSTS.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= HOSTS.auth;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= HOSTS.storage;
  process.env.STORAGE_EMULATOR_HOST ??= `http://${HOSTS.storage}`;
  process.env.CLOUD_TASKS_EMULATOR_HOST ??= HOSTS.tasks;
}
