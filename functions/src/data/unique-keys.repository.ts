import type {
  DocumentData,
  Firestore,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  Transaction,
} from 'firebase-admin/firestore';
import { revive } from './firestore-values.js';

/**
 * The kinds of uniqueness claim. Each area declares its own next to the code that claims them, by declaration
 * merging (as Express's `Locals`), so no area edits this file:
 *
 *     declare module '../../data/unique-keys.repository.js' {
 *       interface UniqueKinds { offerNumber: true }
 *     }
 *
 * @public (knip: used by declaration merging, not by import)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' declarations
export interface UniqueKinds {}
export type UniqueKind = keyof UniqueKinds;

export interface UniqueClaim {
  kind: UniqueKind;
  value: string;
  ownerId: string;
  companyId?: string;
  createdAt?: Date;
}

const claimConverter: FirestoreDataConverter<UniqueClaim, DocumentData> = {
  toFirestore: (claim: UniqueClaim) => ({ ...claim }),
  fromFirestore: (snap: QueryDocumentSnapshot) => revive<UniqueClaim>(snap.data()),
};

/**
 * Uniqueness claims `uniqueKeys/{kind}:{value}`, read and written inside the same transaction as the
 * entity they guard, so two concurrent writers cannot both win (serializable transactions).
 */
export class UniqueKeysRepository {
  constructor(private readonly db: Firestore) {}

  private ref(kind: UniqueKind, value: string) {
    return this.db
      .collection('uniqueKeys')
      .withConverter(claimConverter)
      .doc(`${kind}:${value.replace(/\//g, '%2F')}`);
  }

  async get(kind: UniqueKind, value: string): Promise<UniqueClaim | undefined> {
    return (await this.ref(kind, value).get()).data();
  }

  async getInTx(tx: Transaction, kind: UniqueKind, value: string): Promise<UniqueClaim | undefined> {
    return (await tx.get(this.ref(kind, value))).data();
  }

  /** Several claims in one read of the transaction (undefined where free), in the order of `keys`. */
  async getManyInTx(
    tx: Transaction,
    keys: ReadonlyArray<{ kind: UniqueKind; value: string }>,
  ): Promise<Array<UniqueClaim | undefined>> {
    if (!keys.length) return [];
    return (await tx.getAll(...keys.map((k) => this.ref(k.kind, k.value)))).map((s) => s.data());
  }

  claimInTx(tx: Transaction, claim: UniqueClaim, now: Date): void {
    tx.set(this.ref(claim.kind, claim.value), { ...claim, createdAt: now });
  }

  releaseInTx(tx: Transaction, kind: UniqueKind, value: string): void {
    tx.delete(this.ref(kind, value));
  }
}
