import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { fromQuerySnapshot, fromSnapshot } from '../../data/firestore-values.js';
import type { BackgroundTask } from '../../model/background-task.js';

export const TASKS_COLLECTION = 'backgroundTasks';

/** `backgroundTasks/{id}`: one document per task; only the runner writes them. */
export class TasksRepository {
  constructor(private readonly db: Firestore) {}

  private col() {
    return this.db.collection(TASKS_COLLECTION);
  }

  newId(): string {
    return this.col().doc().id;
  }

  ref(id: string): DocumentReference {
    return this.col().doc(id);
  }

  async get(id: string): Promise<BackgroundTask | undefined> {
    return fromSnapshot<BackgroundTask>(await this.ref(id).get());
  }

  async getInTx(tx: Transaction, id: string): Promise<BackgroundTask | undefined> {
    return fromSnapshot<BackgroundTask>(await tx.get(this.ref(id)));
  }

  /** Unfinished tasks whose delivery has gone (single-field range on resumeAt: no composite index). */
  async stalled(now: Date, limit: number): Promise<BackgroundTask[]> {
    return fromQuerySnapshot<BackgroundTask>(await this.col().where('resumeAt', '<=', now).orderBy('resumeAt').limit(limit).get());
  }
}
