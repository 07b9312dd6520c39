import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { entityConverter } from '../../data/converter.js';
import { isFinalTaskState, type BackgroundTask } from '../../model/background-task.js';

export const TASKS_COLLECTION = 'backgroundTasks';

const taskConverter = entityConverter<BackgroundTask>({
  required: [
    'kind',
    'state',
    'progress',
    'chunkSize',
    'chunksPerDelivery',
    'segment',
    'claims',
    'createdBy',
    'createDate',
  ],
});

/** `backgroundTasks/{id}`: one document per task; only the runner writes them. */
export class TasksRepository {
  constructor(private readonly db: Firestore) {}

  private col() {
    return this.db.collection(TASKS_COLLECTION).withConverter(taskConverter);
  }

  newId(): string {
    return this.col().doc().id;
  }

  ref(id: string): DocumentReference<BackgroundTask> {
    return this.col().doc(id);
  }

  async get(id: string): Promise<BackgroundTask | undefined> {
    return (await this.ref(id).get()).data();
  }

  async getInTx(tx: Transaction, id: string): Promise<BackgroundTask | undefined> {
    return (await tx.get(this.ref(id))).data();
  }

  /**
   * Waits (real time, at most `ms`) until the task is final (or gone), listening to its document; a task still
   * running after that is left to its delivery.
   */
  waitUntilFinal(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const stop = this.ref(id).onSnapshot((snap) => {
        const task = snap.data();
        if (!task || isFinalTaskState(task.state)) done();
      }, done);
    });
  }

  /** Unfinished tasks whose delivery has gone (single-field range on resumeAt: no composite index). */
  async stalled(now: Date, limit: number): Promise<BackgroundTask[]> {
    return (await this.col().where('resumeAt', '<=', now).orderBy('resumeAt').limit(limit).get()).docs.map((d) =>
      d.data(),
    );
  }
}
