import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface ManagedChild {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Resolves the start once a line matches; rejects if the process exits first or time runs out. */
  readyWhen: RegExp;
  timeoutMs?: number;
  log: (name: string, line: string) => void;
}

/** Spawns a long-running child, pipes its lines to `log` and waits for its ready line. */
export async function spawnUntilReady(opts: SpawnOptions): Promise<{ child: ManagedChild; readyLine: string }> {
  const proc = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const child: ManagedChild = {
    name: opts.name,
    process: proc,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };

  const readyLine = await new Promise<string>((resolve, reject) => {
    // A child that never gets ready is not handed to the caller, so it is stopped here.
    const timer = setTimeout(() => {
      void child.stop('SIGKILL');
      reject(new Error(`${opts.name} did not become ready within ${opts.timeoutMs ?? 120_000} ms`));
    }, opts.timeoutMs ?? 120_000);
    const onLine = (line: string) => {
      opts.log(opts.name, line);
      if (opts.readyWhen.test(line)) {
        clearTimeout(timer);
        resolve(line);
      }
    };
    readline.createInterface({ input: proc.stdout! }).on('line', onLine);
    readline.createInterface({ input: proc.stderr! }).on('line', onLine);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new ExitedBeforeReady(opts.name, code));
    });
  });
  return { child, readyLine };
}

/** The child ended before its ready line (a failed start, not a slow one). */
export class ExitedBeforeReady extends Error {
  constructor(name: string, code: number | null) {
    super(`${name} exited with code ${code} before it was ready`);
  }
}
