import type { DocumentData, DocumentReference, Query } from 'firebase-admin/firestore';

/**
 * Resolves with a document's data once `until` holds (undefined while it does not exist), driven by a Firestore
 * listener: the test waits on the change itself, not on a clock. The vitest test timeout bounds it.
 */
export function waitForDocument<T = DocumentData>(
  ref: DocumentReference,
  until: (data: T | undefined) => boolean,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = ref.onSnapshot(
      (snap) => {
        const data = snap.exists ? (snap.data() as T) : undefined;
        if (!until(data)) return;
        stop();
        resolve(data as T);
      },
      (error) => reject(error),
    );
  });
}

/** Resolves with a query's documents once `until` holds for them, driven by a Firestore listener (no poll). */
export function waitForQuery<T = DocumentData>(query: Query, until: (docs: T[]) => boolean): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const stop = query.onSnapshot(
      (snap) => {
        const docs = snap.docs.map((d) => d.data() as T);
        if (!until(docs)) return;
        stop();
        resolve(docs);
      },
      (error) => reject(error),
    );
  });
}
