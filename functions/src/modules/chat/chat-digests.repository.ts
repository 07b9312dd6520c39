import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { revive } from '../../data/firestore-values.js';

const DIGESTS = 'chatDigests';

/** `chatDigests/{userId}`: the user's switch and schedule. */
export interface DigestState {
  /** switched off in the profile */
  disabled?: boolean;
  lastSentAt?: Date;
  /** the newest message (`sortKey`) a digest listed: later digests list only newer ones */
  sentUpTo?: string;
  /** the latest moment a digest task is scheduled for (none after it) */
  nextAt?: Date | null;
}

/** The chat digest's state per user (chat-digest.ts); fields are merged, never replaced. */
export class ChatDigestsRepository {
  constructor(private readonly db: Firestore) {}

  private ref(userId: string): DocumentReference {
    return this.db.collection(DIGESTS).doc(userId);
  }

  async statesInTx(tx: Transaction, userIds: readonly string[]): Promise<Map<string, DigestState>> {
    if (!userIds.length) return new Map();
    const snaps = await tx.getAll(...userIds.map((id) => this.ref(id)));
    return new Map(snaps.map((s) => [s.id, s.exists ? revive<DigestState>(s.data()) : {}]));
  }

  async stateInTx(tx: Transaction, userId: string): Promise<DigestState> {
    const snap = await tx.get(this.ref(userId));
    return snap.exists ? revive<DigestState>(snap.data()) : {};
  }

  mergeInTx(tx: Transaction, userId: string, patch: DigestState): void {
    tx.set(this.ref(userId), patch, { merge: true });
  }

  async disabled(userId: string): Promise<boolean> {
    const snap = await this.ref(userId).get();
    return snap.exists && snap.get('disabled') === true;
  }

  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    await this.ref(userId).set({ disabled }, { merge: true });
  }
}
