import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import type { TaskTestSeam } from '../../model/background-task.js';

/**
 * TEST SEAM — fault injection for the Cloud Tasks emulator tests (tasks.api.test.ts), which cannot
 * otherwise slow down or crash a delivery running in the Functions emulator. A task created with a
 * `testSeam` field gets these hooks only when the runner allows it, and the runner allows it only when
 * `process.env.FUNCTIONS_EMULATOR === 'true'` (set by the Functions emulator, never in production) or
 * when a unit test constructs it so. Nothing outside the tests sets `testSeam`.
 */
export interface SeamHooks {
  /** Before each chunk: `chunkDelayMs`. */
  beforeChunk(): Promise<void>;
  /** After each item's effect; `handled` counts items of the task including this one. */
  itemDone(itemId: string, handled: number): Promise<void>;
}

const NONE: SeamHooks = { beforeChunk: async () => undefined, itemDone: async () => undefined };

export function testSeamHooks(enabled: boolean, taskRef: DocumentReference, seam: TaskTestSeam | undefined): SeamHooks {
  if (!enabled || !seam) return NONE;
  return {
    async beforeChunk() {
      if (seam.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, seam.chunkDelayMs));
    },
    async itemDone(itemId, handled) {
      if (seam.countEffects)
        await taskRef
          .collection('testEffects')
          .doc(itemId)
          .set({ count: FieldValue.increment(1) }, { merge: true });
      if (seam.crashAfterItems !== undefined && !seam.crashed && handled >= seam.crashAfterItems) {
        seam.crashed = true;
        await taskRef.update({ 'testSeam.crashed': true });
        throw new Error('test seam: crash mid-chunk');
      }
    },
  };
}
