import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { ExitedBeforeReady, spawnUntilReady, type ManagedChild } from './child.js';
import { startHostingFront } from './hosting-front.js';
import { HOST, PORTS, PROJECT_ID, assertPortsFree, portsFor, type Ports } from './ports.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackOptions {
  /** Folder for all emulator state: firestore/, storage/, firebase/ (auth export). */
  dataDir: string;
  /** Keep auth accounts across restarts (firebase-tools import/export). Firestore and Storage always use dataDir. */
  persistAuth: boolean;
  /** Use firebase-tools' own Firestore and Storage emulators (needs Java 21 and network). */
  official?: boolean;
  log: (name: string, line: string) => void;
  /** Shift every port (0 = the documented ports); used to run a second stack beside the test stack. */
  portOffset?: number;
  /**
   * firebase-tools finds a running hub through a locator file per project id in the temp folder, so a
   * second stack on one machine needs its own (demo-) project id.
   */
  projectId?: string;
  /** Our Firestore emulator checks queries against firestore.indexes.json: enforce (fail), warn (log), off. */
  indexMode?: 'enforce' | 'warn' | 'off';
  /**
   * Functions parameters to override for this stack (e.g. the test stack's short registration digest interval):
   * written to functions/.env.local, which the Functions emulator reads after functions/.env.<projectId>, and
   * removed when the stack stops.
   */
  functionParams?: Record<string, string>;
  /**
   * Node options for firebase-tools and the function runtimes it starts (not our emulators), e.g. the V8 heap
   * limits a function's container would give it (a bench measuring a function's memory; scripts/bench-helpers.ts).
   */
  functionsNodeOptions?: string;
}

export interface Stack {
  urls: Record<string, string>;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * The demo project's Functions parameters (functions/.env.demo-schrankwerk, config.ts), with the portal
 * URL of this port set. The seed and the tests read them from process.env like the functions do.
 */
export function functionParams(ports: Ports = PORTS): Record<string, string> {
  const file = path.join(ROOT, 'functions', `.env.${PROJECT_ID}`);
  const values = parseEnv(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return { ...values, PORTAL_URL: `http://${HOST}:${ports.hosting}` };
}

/**
 * firebase-tools gives the functions the values of `functions/.env.<projectId>`; a second stack on its
 * own (demo-) project id gets a copy with its portal URL, removed when it stops.
 */
function paramsFileFor(functionsDir: string, ports: Ports, projectId: string): string | undefined {
  if (projectId === PROJECT_ID) return undefined;
  const file = path.join(functionsDir, `.env.${projectId}`);
  const lines = Object.entries(functionParams(ports)).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/**
 * Where firebase-tools loads the function from. A shifted stack gets a folder of its own inside functions/ (its
 * package.json, a link to the one build, the demo parameters), because firebase-tools reads the parameters from
 * the `.env*` files of that folder: two stacks of one checkout (`npm test` runs two) would otherwise overwrite each
 * other's functions/.env.local and mail the other stack's portal URL. Inside functions/, so the function still
 * resolves functions/node_modules.
 */
function functionsDirFor(offset: number): string {
  const base = path.join(ROOT, 'functions');
  if (offset === 0) return base;
  const dir = path.join(base, `.stack-${offset}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(base, 'package.json'), path.join(dir, 'package.json'));
  fs.copyFileSync(path.join(base, `.env.${PROJECT_ID}`), path.join(dir, `.env.${PROJECT_ID}`));
  fs.symlinkSync(path.join(base, 'lib'), path.join(dir, 'lib'), 'dir');
  return dir;
}

/** Marks a functions/.env.local the launcher wrote (and may remove); any other one is the developer's. */
const LOCAL_PARAMS_MARK = '# written by scripts/stack/stack.ts (StackOptions.functionParams); removed on stop';

/** functions/.env.local with the overridden parameters, or nothing when there are none. */
function localParamsFile(functionsDir: string, params: Record<string, string> | undefined): string | undefined {
  if (!params || !Object.keys(params).length) return undefined;
  const file = path.join(functionsDir, '.env.local');
  if (fs.existsSync(file) && !fs.readFileSync(file, 'utf8').startsWith(LOCAL_PARAMS_MARK))
    throw new Error(
      `${file} exists and was not written by the launcher: move it away to run a stack with functionParams.`,
    );
  const lines = Object.entries(params).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  fs.writeFileSync(file, [LOCAL_PARAMS_MARK, ...lines].join('\n') + '\n');
  return file;
}

/** Environment that points firebase-admin (functions, seed, tests) at the local emulators. */
export function emulatorEnv(ports: Ports = PORTS, projectId = PROJECT_ID): NodeJS.ProcessEnv {
  return {
    ...functionParams(ports),
    GCLOUD_PROJECT: projectId,
    FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${ports.storage}`,
    STORAGE_EMULATOR_HOST: `http://${HOST}:${ports.storage}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}`,
    CLOUD_TASKS_EMULATOR_HOST: `${HOST}:${ports.tasks}`,
    // No Google metadata server here: skip google-auth-library's probe (and its warnings) locally.
    METADATA_SERVER_DETECTION: 'none',
  };
}

/**
 * firebase-tools reads ports from firebase.json only; the stack writes a copy next to it (same folder, so every
 * relative path in it stays valid) with its port set — the Hosting emulator on its internal port behind the
 * front (hosting-front.ts) — and passes it with --config.
 */
function firebaseConfigFor(ports: Ports, offset: number, functionsDir: string): string {
  const base = path.join(ROOT, 'firebase.json');
  const config = JSON.parse(fs.readFileSync(base, 'utf8'));
  for (const codebase of config.functions) codebase.source = path.relative(ROOT, functionsDir);
  for (const [name, port] of Object.entries(ports)) {
    if (config.emulators[name]) config.emulators[name].port = port;
  }
  config.emulators.hosting.port = ports.hostingEmulator;
  // firebase-tools' Tasks emulator on its internal port; ours (emulators/tasks) serves the documented one
  config.emulators.tasks.port = ports.tasksEmulator;
  // the pages' CSP lets the browser reach the emulators it talks to, on this stack's ports
  for (const rule of config.hosting?.headers ?? [])
    for (const header of rule.headers ?? [])
      if (header.key === 'Content-Security-Policy') header.value = withEmulatorOrigins(header.value, ports);
  const file = path.join(ROOT, `.firebase-${offset}.json`);
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * The emulator origins a page of the local stack connects to: the Auth emulator (the web's Firebase Auth) and the
 * Storage emulator (resumable-upload session URIs the API hands to the browser, docs/decisions-imports.md "Large
 * files"). firebase.json's CSP holds the production origins only (Auth's endpoints, https://storage.googleapis.com);
 * the stack adds these to `connect-src` of its config copy, derived from its ports, in both spellings of the
 * loopback host the portal may be opened with. A policy without `connect-src` is left as it is.
 */
export function emulatorConnectOrigins(ports: Ports): string[] {
  return [ports.auth, ports.storage].flatMap((port) => [`http://${HOST}:${port}`, `http://localhost:${port}`]);
}

export function withEmulatorOrigins(csp: string, ports: Ports): string {
  return csp.replace(
    /(^|;\s*)(connect-src [^;]*)/,
    (_all, lead: string, directive: string) =>
      `${lead}${directive.trimEnd()} ${emulatorConnectOrigins(ports).join(' ')}`,
  );
}

/**
 * A file of our emulators' package, by its export (emulators/package.json `exports`); through require.resolve,
 * since vitest's module runner (the test stack's global setup) has no import.meta.resolve.
 */
function emulatorsFile(name: string): string {
  return createRequire(import.meta.url).resolve(`@schrankwerk/emulators/${name}`);
}

/**
 * Starts our Firestore, Storage and Cloud Tasks emulators (only Cloud Tasks with `official`: firebase-tools'
 * ignores schedule times). Settled, not all: if one fails to start, the started ones are in `children` to be
 * stopped by the caller.
 */
async function startOwnEmulators(
  opts: StackOptions,
  ports: Ports,
  env: NodeJS.ProcessEnv,
  children: ManagedChild[],
): Promise<void> {
  const names = opts.official ? (['tasks'] as const) : (['firestore', 'storage', 'tasks'] as const);
  const own = await Promise.allSettled(
    names.map((name) =>
      spawnUntilReady({
        name,
        command: process.execPath,
        args: [
          '--import',
          'tsx',
          emulatorsFile(`${name}/main`),
          '--port',
          String(ports[name]),
          '--host',
          HOST,
          '--data',
          path.join(opts.dataDir, name),
          ...(name === 'firestore'
            ? ['--indexes', path.join(ROOT, 'firestore.indexes.json'), '--index-mode', opts.indexMode ?? 'warn']
            : []),
          ...(name === 'tasks' ? ['--functions', `http://${HOST}:${ports.functions}`] : []),
        ],
        env,
        readyWhen: /ready on/i,
        log: opts.log,
        timeoutMs: 60_000,
      }),
    ),
  );
  for (const result of own) if (result.status === 'fulfilled') children.push(result.value.child);
  const failed = own.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Starts our Firestore, Storage and Cloud Tasks emulators, then firebase-tools for auth, functions and hosting
 * with the environment pointing at them. Stopping reverses the order so nothing is lost: firebase-tools exports
 * auth first, then our emulators flush their data (Firestore documents, Storage objects, pending tasks).
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const offset = opts.portOffset ?? 0;
  const ports = portsFor(offset);
  const projectId = opts.projectId ?? PROJECT_ID;
  await assertPortsFree(ports);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const children: ManagedChild[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...emulatorEnv(ports, projectId),
    ...opts.functionParams,
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
  };

  const functionsDir = functionsDirFor(offset);
  const configFile = firebaseConfigFor(ports, offset, functionsDir);
  let front: Awaited<ReturnType<typeof startHostingFront>> | undefined;
  const paramsFile = paramsFileFor(functionsDir, ports, projectId);
  let localParams: string | undefined;
  const stop = async () => {
    for (const child of [...children].reverse()) await child.stop('SIGINT', 30_000);
    front?.close();
    fs.rmSync(configFile, { force: true });
    if (paramsFile) fs.rmSync(paramsFile, { force: true });
    if (localParams) fs.rmSync(localParams, { force: true });
    if (offset !== 0) fs.rmSync(functionsDir, { recursive: true, force: true });
  };

  try {
    // a shifted stack on the demo project: functions/.env.demo-schrankwerk names the documented portal port, so the
    // functions get this stack's portal (mail links, the origin of Storage upload sessions) through .env.local
    const shifted: Record<string, string> =
      projectId === PROJECT_ID && offset !== 0 ? { PORTAL_URL: functionParams(ports).PORTAL_URL! } : {};
    localParams = localParamsFile(functionsDir, { ...shifted, ...opts.functionParams });
    await startOwnEmulators(opts, ports, env, children);

    const authDir = path.join(opts.dataDir, 'firebase');
    // tasks: firebase-tools' own, on its internal port (it would start it with the Functions emulator anyway)
    const only = opts.official ? 'auth,functions,hosting,tasks,firestore,storage' : 'auth,functions,hosting,tasks';
    const args = [
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      only,
      '--project',
      projectId,
      '--config',
      configFile,
    ];
    if (opts.persistAuth) {
      if (fs.existsSync(path.join(authDir, 'firebase-export-metadata.json'))) args.push('--import', authDir);
      args.push('--export-on-exit', authDir);
    }
    // firebase-tools now and then exits with "An unexpected error" when two stacks of the one demo project start at
    // the same instant (npm test's two stack groups; it warns of "multiple instances"): a second start succeeds
    const startFirebase = () =>
      spawnUntilReady({
        name: 'firebase',
        command: process.execPath,
        args,
        cwd: ROOT,
        // every function runtime firebase-tools starts enqueues into our Cloud Tasks emulator (runtime-env.cjs)
        env: {
          ...env,
          SCHRANKWERK_TASKS_EMULATOR_HOST: `${HOST}:${ports.tasks}`,
          // firebase-tools gives the function's code 10 s to load, which a busy 2-core machine (two stacks and the
          // component tests at once) can exceed: the emulator then serves no function and every call is a 404
          FUNCTIONS_DISCOVERY_TIMEOUT: env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '60',
          NODE_OPTIONS: [
            env.NODE_OPTIONS,
            opts.functionsNodeOptions,
            `--require ${JSON.stringify(emulatorsFile('tasks/runtime-env.cjs'))}`,
          ]
            .filter(Boolean)
            .join(' '),
        },
        readyWhen: /All emulators ready/,
        log: opts.log,
        timeoutMs: 180_000,
      });
    const firebase = await startFirebase().catch((error: Error) => {
      if (!(error instanceof ExitedBeforeReady)) throw error;
      opts.log?.('firebase', `start failed (${error.message}); starting once more`);
      return startFirebase();
    });
    children.push(firebase.child);
    front = await startHostingFront({ host: HOST, port: ports.hosting, target: ports.hostingEmulator });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    env,
    stop,
    urls: {
      portal: `http://${HOST}:${ports.hosting}`,
      api: `http://${HOST}:${ports.hosting}/api`,
      functions: `http://${HOST}:${ports.functions}`,
      firestore: `${HOST}:${ports.firestore}`,
      storage: `http://${HOST}:${ports.storage}`,
      auth: `http://${HOST}:${ports.auth}`,
      tasks: `http://${HOST}:${ports.tasks}`,
    },
  };
}
