import { execFileSync } from 'node:child_process';
import { ROOT } from './stack.js';

/** Builds the function bundle and the SPA; firebase-tools serves both from disk. */
export function buildAll(): void {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
