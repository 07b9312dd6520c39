import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Returns memory to the OS after bulk loads: once the store has changed a lot and then stays idle
 * for a moment, run a full GC. Bulk writes leave many decoded request objects behind, and V8
 * otherwise keeps the grown heap around (RSS). The gc() handle is obtained without a CLI flag
 * so `npm run emulator:firestore` needs no extra node options.
 */
let gc: (() => void) | undefined;
function gcHandle(): (() => void) | undefined {
  if (gc) return gc;
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  } catch {
    gc = undefined;
  }
  return gc;
}

export function startIdleCompaction(generation: () => number, opts = { minChanges: 20_000, idleMs: 1000 }): () => void {
  let lastGc = generation();
  let lastSeen = lastGc;
  let quietSince = Date.now();
  const timer = setInterval(() => {
    const g = generation();
    if (g !== lastSeen) {
      lastSeen = g;
      quietSince = Date.now();
      return;
    }
    if (g - lastGc >= opts.minChanges && Date.now() - quietSince >= opts.idleMs) {
      lastGc = g;
      gcHandle()?.();
    }
  }, 250);
  timer.unref();
  return () => clearInterval(timer);
}
