import { spawn } from 'node:child_process';
import { ROOT } from './stack.js';

/**
 * Builds the function bundle and the SPA; firebase-tools serves both from disk. Asynchronous, so a caller that
 * relays other processes' output (scripts/test.ts) keeps doing so while it builds.
 */
export function buildAll(opts: { env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: opts.env ?? process.env });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build ended with code ${code}`))));
  });
}
