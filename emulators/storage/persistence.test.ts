// Persistence across restarts with the same data dir, and the CLI (ready line, signals).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Storage } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoRandom, startTestEnv } from './test-helpers.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storage-persist-test-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('persistence', () => {
  it('objects, metadata and names survive a restart on the same data dir', async () => {
    const big = pseudoRandom(2 * 1024 * 1024, 11);
    const first = await startTestEnv(dataDir);
    const b1 = first.storage.bucket('demo-test.appspot.com');
    await b1
      .file('keep/ü n/ï.txt')
      .save('kept', { resumable: false, contentType: 'text/plain', metadata: { metadata: { a: '1' } } });
    await b1.file('keep/big.bin').save(big, { resumable: true });
    await b1.file('keep/overwritten').save('old', { resumable: false });
    await b1.file('keep/overwritten').save('new', { resumable: false });
    await b1.file('gone').save('x', { resumable: false });
    await b1.file('gone').delete();
    await b1.file('keep/ü n/ï.txt').setMetadata({ metadata: { b: '2' } });
    const [before] = await b1.file('keep/ü n/ï.txt').getMetadata();
    await first.emu.stop();

    const second = await startTestEnv(dataDir);
    try {
      const b2 = second.storage.bucket('demo-test.appspot.com');
      const [after] = await b2.file('keep/ü n/ï.txt').getMetadata();
      expect(after).toMatchObject({
        generation: before.generation,
        metageneration: '2',
        md5Hash: before.md5Hash,
        contentType: 'text/plain',
        metadata: { a: '1', b: '2' },
      });
      expect((await b2.file('keep/ü n/ï.txt').download())[0].toString()).toBe('kept');
      expect((await b2.file('keep/big.bin').download())[0].equals(big)).toBe(true);
      expect((await b2.file('keep/overwritten').download())[0].toString()).toBe('new');
      expect((await b2.file('gone').exists())[0]).toBe(false);
      expect((await b2.getFiles())[0].map((f) => f.name)).toEqual([
        'keep/big.bin',
        'keep/overwritten',
        'keep/ü n/ï.txt',
      ]);
      // overwritten and deleted objects leave no blob behind
      expect(await readdir(join(dataDir, 'blobs'))).toHaveLength(3);
      expect(await readdir(join(dataDir, 'meta'))).toHaveLength(3);
      // new generations after a restart still increase
      const ow = b2.file('keep/overwritten');
      await ow.save('newer', { resumable: false });
      expect(BigInt(ow.metadata.generation!) > BigInt(before.generation!)).toBe(true);
    } finally {
      await second.emu.stop();
    }
  });
});

describe('CLI', () => {
  it('logs one ready line with the port, serves, and exits cleanly on SIGTERM', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const cliData = join(dataDir, 'cli');
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--data', cliData], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        const m = /^Storage emulator ready on 127\.0\.0\.1:(\d+) \(data: (.+)\)\n/.exec(stdout);
        if (m) resolve(Number(m[1]));
      });
      void exited.then(() => reject(new Error(`CLI exited early: ${stderr}`)));
    });
    try {
      const storage = new Storage({ apiEndpoint: `http://127.0.0.1:${port}`, projectId: 'demo-test' });
      await storage.bucket('cli').file('hello.txt').save('hi', { resumable: false });
      expect((await storage.bucket('cli').file('hello.txt').download())[0].toString()).toBe('hi');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toContain(`(data: ${cliData})`);
    expect(await readdir(join(cliData, 'meta'))).toHaveLength(1);
  });
});
