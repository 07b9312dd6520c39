import fs from 'node:fs';
import path from 'node:path';

// Where `npm test` spends its time: the stack's global setup (another module instance of vitest) and the
// runner (scripts/test.ts) each append their stages here; the runner prints them at the end.
const FILE = path.resolve('.tmp', 'stage-times.jsonl');

export interface Stage {
  name: string;
  ms: number;
}

export function resetStages(): void {
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, '');
}

export function recordStage(name: string, ms: number): void {
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.appendFileSync(FILE, `${JSON.stringify({ name, ms: Math.round(ms) })}\n`);
}

/** Runs `work` and records how long it took under `name`. */
export async function timed<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    recordStage(name, performance.now() - start);
  }
}

export function readStages(): Stage[] {
  if (!fs.existsSync(FILE)) return [];
  return fs
    .readFileSync(FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Stage);
}
