import { gcHandle } from '../shared/gc.js';

/**
 * A full GC that also gives back the young generation. A plain `gc()` leaves it at the size bulk writes grew it to
 * (Node 24: 128 MB of semi-spaces for 100 000 documents, more than the documents themselves); the "last resort"
 * flavour (V8's CollectAllAvailableGarbage, memory-reducing) shrinks it to ~1 MB. It grows back on demand, so
 * queries afterwards run as before.
 */
function compactHeap(): void {
  const collect = gcHandle();
  if (!collect) return;
  try {
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } catch {
    collect();
  }
}

/**
 * Returns memory to the OS after bulk loads: once the store has changed a lot and then stays idle
 * for a moment, run a full GC. Bulk writes leave many decoded request objects behind, and V8
 * otherwise keeps the grown heap around (RSS).
 */
export function startIdleCompaction(generation: () => number, opts = { minChanges: 20_000, idleMs: 1000 }): () => void {
  let lastGc = 0; // a large load from disk counts too
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
      compactHeap();
    }
  }, 250);
  timer.unref();
  return () => clearInterval(timer);
}
