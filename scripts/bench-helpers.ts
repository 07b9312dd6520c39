import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './stack/build.js';
import { startStack, type StackOptions } from './stack/stack.js';
import type { Firestore } from '@google-cloud/firestore';
import { startEnv } from '@schrankwerk/emulators/firestore/test-utils';

/** The value at fraction `p` (0.5, 0.95) of ascending `sorted` times. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** Runs `fn` `runs` times one after another; the times in ms, ascending. */
export async function timeRuns(fn: (run: number) => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

/** A latency's two table rows, p50 and p95 (the p95 judged against `targetMs` when there is one). */
export function latencyRows(measure: string, times: readonly number[], targetMs?: number) {
  const p95 = percentile(times, 0.95);
  return [
    { measure: `${measure}: p50`, result: `${percentile(times, 0.5).toFixed(1)} ms` },
    {
      measure: `${measure}: p95`,
      result: `${p95.toFixed(1)} ms`,
      ...(targetMs ? { target: `< ${targetMs} ms`, ok: p95 < targetMs } : {}),
    },
  ];
}

/**
 * Runs a benchmark against the whole local stack (Hosting → function → our emulators, indexes enforced) on a
 * throw-away folder: builds (unless SKIP_BUILD=1), starts, points this process's Firebase clients at it (import
 * them inside `fn`, after that), stops. Logs go to .tmp/bench-stack.log. Take the stack lock around a run
 * (flock /tmp/schrankwerk-stack.lock): it uses the test stack's ports.
 */
export async function withBenchStack<T>(
  fn: () => Promise<T>,
  opts: Pick<StackOptions, 'functionsNodeOptions'> = {},
): Promise<T> {
  if (process.env.SKIP_BUILD !== '1') await buildAll();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schrankwerk-bench-'));
  fs.mkdirSync(path.resolve('.tmp'), { recursive: true });
  const logFile = fs.createWriteStream(path.resolve('.tmp', 'bench-stack.log'), { flags: 'w' });
  const stack = await startStack({
    dataDir,
    persistAuth: false,
    // beside another stack (a second checkout's suite): the same STACK_PORT_OFFSET the tests' addresses use
    portOffset: Number(process.env.STACK_PORT_OFFSET ?? 0),
    indexMode: 'enforce',
    log: (name, line) => logFile.write(`[${name}] ${line}\n`),
    ...opts,
  });
  Object.assign(process.env, stack.env);
  try {
    return await fn();
  } finally {
    await stack.stop();
    // a worker still busy when firebase-tools stops (a request past its timeout under load) outlives it
    for (const pid of functionWorkers()) {
      try {
        process.kill(Number(pid));
      } catch {
        // ended meanwhile
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The V8 heap limits Node gives itself in a container of `memoryMiB` (a Cloud Run function's memory setting): Node
 * configures V8 from the cgroup's memory limit (`SetIsolateCreateParamsForNode` → `ConfigureDefaults`), so the old
 * generation gets a quarter of it and the young generation a semi-space of 1/64 of that. On this shared machine
 * (24 GiB, no limit) the same code gets a 4 GiB heap and 64 MB semi-spaces, and lets garbage pile up accordingly;
 * pass these to `withBenchStack` to measure a function the way its container runs it.
 */
export function containerHeapFlags(memoryMiB: number): string {
  const old = Math.floor(memoryMiB / 4);
  return `--max-old-space-size=${old} --max-semi-space-size=${Math.max(1, Math.floor(old / 64))}`;
}

/**
 * Processes of THIS checkout's stack (other checkouts may run stacks beside it): working folder inside the checkout,
 * not this bench process or its npm parent; `only` narrows by command line.
 */
function stackProcesses(only?: string): string[] {
  const root = path.resolve('.');
  const own = new Set([String(process.pid), String(process.ppid)]);
  return fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p) && !own.has(p))
    .filter((pid) => {
      try {
        return (
          (!only || fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(only)) &&
          fs.realpathSync(`/proc/${pid}/cwd`).startsWith(root)
        );
      } catch {
        return false; // the process ended meanwhile
      }
    });
}
const functionWorkers = () => stackProcesses('functionsEmulatorRuntime');

/** Resident memory (VmRSS) of each Functions emulator worker process now, in MB, by process id. */
function functionWorkersRss(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of functionWorkers()) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) byPid.set(pid, Number(rss[1]) / 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** Resident memory (VmRSS) of the Functions emulator's worker processes now, in MB: the largest one. */
export function functionWorkersRssMb(): number {
  return Math.max(0, ...functionWorkersRss().values());
}

/** The memory growth of the worker that grew most while a call ran (resident memory before, its peak, MB). */
export interface WorkerGrowth {
  before: number;
  peak: number;
  growth: number;
  /** workers started while sampling (their whole memory would count as growth: reported, not hidden) */
  started: number;
}

/**
 * Samples each Functions worker's resident memory every `everyMs` from now until `stop()`: the growth of a call's
 * memory while it runs, not the worker's total (which holds whatever earlier calls left in its heap).
 */
export function sampleWorkerGrowth(everyMs: number): { stop: () => WorkerGrowth } {
  const before = functionWorkersRss();
  const peak = new Map(before);
  const sample = () => {
    for (const [pid, mb] of functionWorkersRss()) peak.set(pid, Math.max(peak.get(pid) ?? 0, mb));
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const started = [...peak.keys()].filter((pid) => !before.has(pid)).length;
      let most: WorkerGrowth | undefined;
      for (const [pid, top] of peak) {
        const start = before.get(pid) ?? 0;
        // the same growth: the larger worker (the one serving)
        if (!most || top - start > most.growth || (top - start === most.growth && top > most.peak))
          most = { before: start, peak: top, growth: top - start, started };
      }
      return most ?? { before: 0, peak: 0, growth: 0, started };
    },
  };
}

/**
 * CPU seconds (user + system) used so far by this stack's processes: `functions` the Functions emulator's workers,
 * `firestore` our Firestore emulator, `all` every process of the stack (firebase-tools, emulators, workers).
 */
export function stackCpuSeconds(which: 'functions' | 'firestore' | 'all'): number {
  const only = { functions: 'functionsEmulatorRuntime', firestore: 'emulators/firestore/main.ts', all: undefined }[
    which
  ];
  let ticks = 0;
  for (const pid of stackProcesses(only)) {
    try {
      // fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

/** Our Firestore emulator's counters (`GET /emulator/v1/stats`): documents read and writes applied so far. */
export function firestoreOps(): Promise<{ reads: number; writes: number }> {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
  // a fresh connection each time: the emulator's front hands one HTTP/1 exchange per connection to its server
  return new Promise((resolve, reject) => {
    http
      .get({ host, port: Number(port), path: '/emulator/v1/stats', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve((JSON.parse(body) as { ops: { reads: number; writes: number } }).ops));
      })
      .on('error', reject);
  });
}

/**
 * A Firestore emulator of its own on a free port and a client of it, for a bench that runs the app in its own
 * process without the whole stack (users.bench.ts). Benches under functions/src get emulators only through here.
 */
export async function startBenchFirestore(): Promise<{ db: Firestore; close(): Promise<void> }> {
  const env = await startEnv();
  return { db: env.db, close: () => env.close() };
}
