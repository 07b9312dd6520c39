// Benchmark: 50 MB upload + download through @google-cloud/storage against the emulator running
// as a child process (as in real use: client and server each get a core).
// `npm run bench` imports the default export; `node --import tsx emulators/storage/bench.ts` runs it alone.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Storage } from '@google-cloud/storage';
import type { BenchSection } from '../../scripts/bench-types.js';
import { pseudoRandom } from './test-helpers.js';

const SIZE_MB = 50;
const RUNS = 3;
const TARGET_MS = 5000;

async function startChild(dataDir: string): Promise<{ port: number; stop(): Promise<void> }> {
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /ready on [^:]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error('storage emulator exited before it was ready')));
  });
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function bench(): Promise<BenchSection> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storage-bench-'));
  const emu = await startChild(dataDir);
  try {
    delete process.env.STORAGE_EMULATOR_HOST;
    const storage = new Storage({ apiEndpoint: `http://127.0.0.1:${emu.port}`, projectId: 'demo-bench' });
    const bucket = storage.bucket('bench-bucket');
    const data = pseudoRandom(SIZE_MB * 1024 * 1024, 3);
    const md5 = createHash('md5').update(data).digest('base64');
    await bucket.file('warmup').save(data.subarray(0, 1 << 20)); // JIT + connection warm-up
    await bucket.file('warmup').download();
    const ups: number[] = [];
    const downs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const file = bucket.file(`bench/${i}.bin`);
      let t = performance.now();
      await file.save(data, { resumable: true, contentType: 'application/octet-stream' });
      ups.push(performance.now() - t);
      if (file.metadata.md5Hash !== md5) throw new Error('bench upload: md5 mismatch');
      t = performance.now();
      const [back] = await file.download(); // crc32c-validated by the client
      downs.push(performance.now() - t);
      if (back.length !== data.length) throw new Error('bench download: size mismatch');
    }
    const up = median(ups);
    const down = median(downs);
    const mbps = (ms: number) => `${((SIZE_MB / ms) * 1000).toFixed(0)} MB/s`;
    return {
      title: 'Storage emulator',
      rows: [
        { measure: `Upload ${SIZE_MB} MB (resumable, file.save)`, result: `${up.toFixed(0)} ms (${mbps(up)})` },
        {
          measure: `Download ${SIZE_MB} MB (file.download, crc32c-validated)`,
          result: `${down.toFixed(0)} ms (${mbps(down)})`,
        },
        {
          measure: `Upload + download ${SIZE_MB} MB`,
          result: `${(up + down).toFixed(0)} ms`,
          target: `< ${TARGET_MS} ms`,
          ok: up + down < TARGET_MS,
        },
      ],
      notes: [
        `Median of ${RUNS} runs after a 1 MB warm-up; emulator as a child process (node --import tsx main.ts), data dir on the local disk.`,
        'Client side includes @google-cloud/storage hashing (md5 for upload validation, crc32c on download).',
      ],
    };
  } finally {
    await emu.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const section = await bench();
  console.log(`## ${section.title}\n`);
  for (const r of section.rows)
    console.log(`- ${r.measure}: ${r.result}${r.target ? ` (target ${r.target}: ${r.ok ? 'met' : 'NOT met'})` : ''}`);
  for (const n of section.notes ?? []) console.log(`  ${n}`);
}
