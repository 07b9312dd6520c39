import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GeoPoint, Timestamp } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from './server.js';
import { connect } from './test-utils.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'fs-emu-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const sample = () => ({
  s: 'héllo 😀',
  i: 42,
  d: 1.5,
  b: true,
  n: null,
  t: new Timestamp(1700000000, 123456000),
  bytes: Buffer.from([0, 1, 255]),
  geo: new GeoPoint(52.5, 13.4),
  arr: [1, 'two', { three: 3 }],
  map: { nested: { deep: [true] } },
});

describe('persistence', () => {
  it('stop() flushes and a restart with the same data dir restores documents and times', async () => {
    const dataDir = tempDir();
    let emu = await startFirestoreEmulator({ port: 0, dataDir });
    let db = connect(emu.port);
    await db.doc('p/one').set(sample());
    await db.doc('p/one/sub/two').set({ x: 1 });
    await db.doc('p/gone').set({ x: 1 });
    await db.doc('p/gone').delete();
    await db.doc('p/ref').set({ r: db.doc('p/one') });
    const before = await db.doc('p/one').get();
    await db.terminate();
    await emu.stop();
    expect(existsSync(path.join(dataDir, 'firestore.json'))).toBe(true);

    emu = await startFirestoreEmulator({ port: 0, dataDir });
    expect(emu.loaded).toBe(3);
    db = connect(emu.port);
    const after = await db.doc('p/one').get();
    expect(after.data()).toEqual(before.data());
    expect(after.updateTime!.isEqual(before.updateTime!)).toBe(true);
    expect(after.createTime!.isEqual(before.createTime!)).toBe(true);
    expect((await db.doc('p/gone').get()).exists).toBe(false);
    expect((await db.doc('p/one/sub/two').get()).get('x')).toBe(1);
    expect((await db.doc('p/ref').get()).get('r').path).toBe('p/one');
    expect((await db.collection('p').where('geo', '==', new GeoPoint(52.5, 13.4)).get()).size).toBe(1);
    await db.terminate();
    await emu.stop();
  });

  it('NaN, Infinity, -Infinity and -0 survive a restart (also nested) and stay queryable', async () => {
    const dataDir = tempDir();
    let emu = await startFirestoreEmulator({ port: 0, dataDir });
    let db = connect(emu.port);
    await db.doc('nf/a').set({ nan: NaN, inf: Infinity, ninf: -Infinity, nz: -0, arr: [NaN, { m: Infinity }] });
    await db.doc('nf/b').set({ nan: 3 });
    await db.terminate();
    await emu.stop();
    expect(readFileSync(path.join(dataDir, 'firestore.json'), 'utf8')).toContain('"doubleValue":"-Infinity"');

    emu = await startFirestoreEmulator({ port: 0, dataDir });
    db = connect(emu.port);
    const d = (await db.doc('nf/a').get()).data()!;
    expect(d.nan).toBeNaN();
    expect(d.inf).toBe(Infinity);
    expect(d.ninf).toBe(-Infinity);
    expect(Object.is(d.nz, -0)).toBe(true);
    expect(d.arr[0]).toBeNaN();
    expect(d.arr[1]).toEqual({ m: Infinity });
    expect((await db.collection('nf').orderBy('nan').get()).docs.map((x) => x.id)).toEqual(['a', 'b']);
    expect((await db.collection('nf').where('inf', '>', 1e308).get()).size).toBe(1);
    await db.terminate();
    await emu.stop();
  });

  it('flushes periodically while running (atomic temp file + rename)', async () => {
    const dataDir = tempDir();
    const emu = await startFirestoreEmulator({ port: 0, dataDir, flushIntervalMs: 100 });
    const db = connect(emu.port);
    await db.doc('p/periodic').set({ v: 1 });
    const file = path.join(dataDir, 'firestore.json');
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && !(existsSync(file) && readFileSync(file, 'utf8').includes('p/periodic')))
      await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(file, 'utf8')).toContain('p/periodic');
    await db.terminate();
    await emu.stop();
  });

  it('CLI: npm run emulator:firestore logs the real port and flushes on SIGTERM', async () => {
    const dataDir = tempDir();
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const child = spawn('npm', ['run', '--silent', 'emulator:firestore', '--', '--port', '0', '--data', dataDir], {
      cwd: repo,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no ready line: ${out}`)), 20_000);
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /Firestore emulator ready on .*\n/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[0].trim());
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const m = /^Firestore emulator ready on 127\.0\.0\.1:(\d+) \(data: (.+)\)$/.exec(line);
      expect(m).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThan(0);
      expect(m![2]).toBe(dataDir);
      const db = connect(Number(m![1]));
      await db.doc('cli/doc').set({ v: 'persisted' });
      await db.terminate();
      // 'close' waits for every holder of the stdout pipe, i.e. also the node process under npm
      const exited = new Promise<void>((r) => child.once('close', () => r()));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const emu = await startFirestoreEmulator({ port: 0, dataDir });
    const db = connect(emu.port);
    expect((await db.doc('cli/doc').get()).get('v')).toBe('persisted');
    await db.terminate();
    await emu.stop();
  });
});

describe('startup errors', () => {
  it('rejects when the port is taken and leaves nothing running', async () => {
    const first = await startFirestoreEmulator({ port: 0 });
    const err = await startFirestoreEmulator({ port: first.port }).catch((e: NodeJS.ErrnoException) => e);
    expect((err as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    await first.stop();
  });
});
