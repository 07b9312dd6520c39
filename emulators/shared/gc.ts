import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's gc(); `flavor: 'last-resort'` is its memory-reducing full collection. */
export type Gc = (opts?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let gc: Gc | undefined;
let refused = false;

/**
 * V8's gc() without a CLI flag, so `npm run emulator:firestore`, the benches and vitest workers need no node options;
 * undefined where V8 does not hand it out.
 */
export function gcHandle(): Gc | undefined {
  if (gc || refused) return gc;
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  } catch {
    refused = true;
  }
  return gc;
}
