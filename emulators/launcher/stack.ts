import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnUntilReady, type ManagedChild } from './child.js';
import { HOST, PORTS, PROJECT_ID, assertPortsFree } from './ports.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackOptions {
  /** Folder for all emulator state: firestore/, storage/, firebase/ (auth export). */
  dataDir: string;
  /** Keep auth accounts across restarts (firebase-tools import/export). Firestore and Storage always use dataDir. */
  persistAuth: boolean;
  /** Use firebase-tools' own Firestore and Storage emulators (needs Java 21 and network). */
  official?: boolean;
  log: (name: string, line: string) => void;
}

export interface Stack {
  urls: Record<string, string>;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Environment that points firebase-admin (functions, seed, tests) at the local emulators. */
export function emulatorEnv(): NodeJS.ProcessEnv {
  return {
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `${HOST}:${PORTS.firestore}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${PORTS.storage}`,
    STORAGE_EMULATOR_HOST: `http://${HOST}:${PORTS.storage}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
    CLOUD_TASKS_EMULATOR_HOST: `${HOST}:${PORTS.tasks}`,
  };
}

function tsxNode(script: string, args: string[]) {
  return { command: process.execPath, args: ['--import', 'tsx', path.join(ROOT, script), ...args] };
}

/**
 * Starts our Firestore and Storage emulators, then firebase-tools for auth, functions, hosting and
 * tasks with the environment pointing at them. Stopping reverses the order so nothing is lost:
 * firebase-tools exports auth first, then our emulators flush their data.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  await assertPortsFree();
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const children: ManagedChild[] = [];
  const env = { ...process.env, ...emulatorEnv(), NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' };

  const stop = async () => {
    for (const child of [...children].reverse()) await child.stop('SIGINT', 30_000);
  };

  try {
    if (!opts.official) {
      const fsCmd = tsxNode('emulators/firestore/main.ts', [
        '--port', String(PORTS.firestore), '--host', HOST, '--data', path.join(opts.dataDir, 'firestore'),
      ]);
      const stCmd = tsxNode('emulators/storage/main.ts', [
        '--port', String(PORTS.storage), '--host', HOST, '--data', path.join(opts.dataDir, 'storage'),
      ]);
      const [firestore, storage] = await Promise.all([
        spawnUntilReady({ name: 'firestore', ...fsCmd, env, readyWhen: /ready on/i, log: opts.log, timeoutMs: 60_000 }),
        spawnUntilReady({ name: 'storage', ...stCmd, env, readyWhen: /ready on/i, log: opts.log, timeoutMs: 60_000 }),
      ]);
      children.push(firestore.child, storage.child);
    }

    const authDir = path.join(opts.dataDir, 'firebase');
    const only = opts.official ? 'auth,functions,hosting,tasks,firestore,storage' : 'auth,functions,hosting,tasks';
    const args = [
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start', '--only', only, '--project', PROJECT_ID,
    ];
    if (opts.persistAuth) {
      if (fs.existsSync(path.join(authDir, 'firebase-export-metadata.json'))) args.push('--import', authDir);
      args.push('--export-on-exit', authDir);
    }
    const firebase = await spawnUntilReady({
      name: 'firebase',
      command: process.execPath,
      args,
      cwd: ROOT,
      env,
      readyWhen: /All emulators ready/,
      log: opts.log,
      timeoutMs: 180_000,
    });
    children.push(firebase.child);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    env,
    stop,
    urls: {
      portal: `http://${HOST}:${PORTS.hosting}`,
      api: `http://${HOST}:${PORTS.hosting}/api`,
      functions: `http://${HOST}:${PORTS.functions}`,
      firestore: `${HOST}:${PORTS.firestore}`,
      storage: `http://${HOST}:${PORTS.storage}`,
      auth: `http://${HOST}:${PORTS.auth}`,
      tasks: `http://${HOST}:${PORTS.tasks}`,
    },
  };
}
