import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Firestore } from '@google-cloud/firestore';
import { Storage } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage, packPackage } from './build.js';

// The installable package (README.md "The package"): built, packed with `npm pack`, installed from the tarball into
// an empty folder without network, and each emulator started there through `npx` and used by an official client.
const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'emulators-package-'));
const dist = path.join(temp, 'dist');
const app = path.join(temp, 'app');
const running = new Set<ChildProcess>();
let tarball = '';
// The clients' emulator variables would win over the addresses given below (a test stack of the same vitest run sets
// them): this file talks to its own emulators only.
const EMULATOR_VARIABLES = ['FIRESTORE_EMULATOR_HOST', 'STORAGE_EMULATOR_HOST', 'FIREBASE_STORAGE_EMULATOR_HOST'];
const saved = Object.fromEntries(EMULATOR_VARIABLES.map((name) => [name, process.env[name]]));
for (const name of EMULATOR_VARIABLES) delete process.env[name];
// npm's settings of the `npm test` around this run (workspace, prefix, …) must not leak into the empty folder's npm
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

type LockEntry = { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };

/**
 * The entries of the repository's package-lock.json that the packed package's dependencies need, at the same places.
 * `npm ci` put exactly these into npm's cache, but a registry range (`^1.14.0`) needs the registry's package list,
 * which installs from a lock never fetch: with these pinned, `npm install --offline <tarball>` reads only the cache.
 */
function lockedDependencies(names: string[]): Record<string, LockEntry> {
  const locked = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')).packages as Record<
    string,
    LockEntry
  >;
  const resolve = (from: string, name: string): string | undefined => {
    for (let at = from; ; at = at.includes('/node_modules/') ? at.slice(0, at.lastIndexOf('/node_modules/')) : '') {
      const key = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (locked[key]) return key;
      if (!at) return undefined;
    }
  };
  const out: Record<string, LockEntry> = {};
  const visit = (key: string | undefined) => {
    if (!key || out[key]) return;
    out[key] = locked[key]!;
    for (const dep of Object.keys({ ...locked[key]!.dependencies, ...locked[key]!.optionalDependencies }))
      visit(resolve(key, dep));
  };
  for (const name of names) visit(resolve('', name));
  return out;
}

/**
 * Starts `npx schrankwerk-emulators <args>` (or `npx @schrankwerk/emulators <args>`, `via` the package's name) in the
 * app folder; resolves with the host:port of its ready line.
 */
function start(
  args: string[],
  via = 'schrankwerk-emulators',
): Promise<{ host: string; port: number; child: ChildProcess }> {
  // a process group of its own, so stopping reaches the emulator under npx
  const child = spawn('npx', ['--no', via, ...args], { cwd: app, env, detached: true });
  running.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready on ([\d.]+):(\d+)/.exec(output);
      if (ready) resolve({ host: ready[1]!, port: Number(ready[2]), child });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code} before its ready line:\n${output}`)));
  });
}

/** A port nothing listens on right now (the emulator binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * SIGTERM to the emulator's process group (npx and the emulator under it). Resolves once its output closed, which
 * happens only when the emulator itself ended (it holds the pipe): true if none ended in a failure.
 */
function stop(child: ChildProcess): Promise<boolean> {
  running.delete(child);
  const closed = new Promise<boolean>((resolve) =>
    child.once('close', (code, signal) => resolve(code === 0 || signal === 'SIGTERM')),
  );
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
  return closed;
}

beforeAll(() => {
  buildPackage(dist);
  tarball = packPackage(dist, temp);
  fs.mkdirSync(app);
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(dist, 'package.json'), 'utf8'));
  const packages: Record<string, object> = { '': { name: 'app' } };
  for (const [key, entry] of Object.entries(lockedDependencies(Object.keys(dependencies)))) {
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...rest } = entry as Record<string, unknown>;
    packages[key] = rest;
  }
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  fs.writeFileSync(
    path.join(app, 'package-lock.json'),
    JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }),
  );
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, env, stdio: 'pipe' });
}, 300_000);

afterAll(async () => {
  await Promise.all([...running].map(stop));
  fs.rmSync(temp, { recursive: true, force: true });
  for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
});

describe('the packed emulators', () => {
  it('hold the compiled servers, the Firestore protos and the guide, and no sources or tests', () => {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain('package/cli.js');
    expect(listing).toContain('package/firestore/server.js');
    expect(listing).toContain('package/protos/google/firestore/v1/firestore.proto');
    expect(listing).toContain('package/tasks/runtime-env.cjs');
    expect(listing).toContain('package/README.md');
    expect(listing.filter((f) => /\.test\.|bench|test-utils|(?<!\.d)\.ts$/.test(f))).toEqual([]);
  });

  it('install into an empty folder without network and serve @google-cloud/firestore: indexes enforced, admin only', async () => {
    fs.writeFileSync(path.join(app, 'firestore.indexes.json'), JSON.stringify({ indexes: [], fieldOverrides: [] }));
    const { host, port, child } = await start(['firestore', '--port', '0', '--indexes', 'firestore.indexes.json']);
    const db = new Firestore({ projectId: 'demo-package', host, port, ssl: false });
    try {
      await db.doc('things/one').set({ n: 1, name: 'eins' });
      expect((await db.doc('things/one').get()).data()).toEqual({ n: 1, name: 'eins' });
      // enforced like production: a query without its composite index fails, naming the index to add
      const unindexed = db.collection('things').where('n', '==', 1).orderBy('name').get();
      await expect(unindexed).rejects.toMatchObject({ code: 9, message: expect.stringContaining('"indexes"') });
    } finally {
      await db.terminate();
    }
    // a client SDK's request (no admin token) is refused: the emulator evaluates no security rules
    const refused = await fetch(
      `http://${host}:${port}/v1/projects/demo-package/databases/(default)/documents:commit`,
      {
        method: 'POST',
        body: '{}',
      },
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');
    expect(await stop(child)).toBe(true);
  });

  it('export the servers for in-process use', () => {
    const script =
      "const { startFirestoreEmulator } = await import('@schrankwerk/emulators/firestore');" +
      'const emu = await startFirestoreEmulator({ port: 0 });' +
      'console.log(emu.port > 0 ? "started" : "no port");' +
      'await emu.stop();';
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(out.trim()).toBe('started');
  });

  it('serve @google-cloud/storage and the Cloud Tasks API (also as npx @schrankwerk/emulators), ports from a firebase.json', async () => {
    const config = path.join(app, 'firebase.json');
    const [storagePort, tasksPort] = await Promise.all([freePort(), freePort()]);
    fs.writeFileSync(
      config,
      JSON.stringify({ emulators: { storage: { port: storagePort }, tasks: { host: '127.0.0.1', port: tasksPort } } }),
    );
    const [storage, tasks] = await Promise.all([
      start(['storage', '--config', config]),
      start(['tasks', '--config', config], '@schrankwerk/emulators'),
    ]);
    expect([storage.port, tasks.port]).toEqual([storagePort, tasksPort]);
    const bucket = new Storage({
      apiEndpoint: `http://${storage.host}:${storage.port}`,
      projectId: 'demo-package',
    }).bucket('demo-package.appspot.com');
    await bucket.file('hello.txt').save('Hallo');
    expect((await bucket.file('hello.txt').download())[0].toString()).toBe('Hallo');
    const health = (await (await fetch(`http://${tasks.host}:${tasks.port}/`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    expect(await Promise.all([stop(storage.child), stop(tasks.child)])).toEqual([true, true]);
  });
});
