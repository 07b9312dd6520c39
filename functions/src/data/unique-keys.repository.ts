import type { Firestore, Transaction } from 'firebase-admin/firestore';

export type UniqueKind = 'userMail';

export interface UniqueClaim {
  kind: UniqueKind;
  value: string;
  ownerId: string;
  companyId?: string;
  createdAt?: Date;
}

/**
 * Uniqueness claims `uniqueKeys/{kind}:{value}`, read and written inside the same transaction as the
 * entity they guard, so two concurrent writers cannot both win (serializable transactions).
 */
export class UniqueKeysRepository {
  constructor(private readonly db: Firestore) {}

  private ref(kind: UniqueKind, value: string) {
    return this.db.collection('uniqueKeys').doc(`${kind}:${value.replace(/\//g, '%2F')}`);
  }

  async get(kind: UniqueKind, value: string): Promise<UniqueClaim | undefined> {
    const snap = await this.ref(kind, value).get();
    return snap.exists ? (snap.data() as UniqueClaim) : undefined;
  }

  async getInTx(tx: Transaction, kind: UniqueKind, value: string): Promise<UniqueClaim | undefined> {
    const snap = await tx.get(this.ref(kind, value));
    return snap.exists ? (snap.data() as UniqueClaim) : undefined;
  }

  claimInTx(tx: Transaction, claim: UniqueClaim, now: Date): void {
    tx.set(this.ref(claim.kind, claim.value), { ...claim, createdAt: now });
  }

  releaseInTx(tx: Transaction, kind: UniqueKind, value: string): void {
    tx.delete(this.ref(kind, value));
  }
}
