import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { fromQuerySnapshot, fromSnapshot, toDocument } from '../../data/firestore-values.js';
import { UniqueKeysRepository, type UniqueClaim } from '../../data/unique-keys.repository.js';
import type { User } from '../../model/user.js';

/** `users/{uid}` (id = Auth uid) and the mail claims `uniqueKeys/userMail:<mail>`. */
export class UsersRepository {
  private readonly keys: UniqueKeysRepository;

  constructor(private readonly db: Firestore) {
    this.keys = new UniqueKeysRepository(db);
  }

  private col() {
    return this.db.collection('users');
  }

  async get(id: string): Promise<User | undefined> {
    return fromSnapshot<User>(await this.col().doc(id).get());
  }

  async list(): Promise<User[]> {
    return fromQuerySnapshot<User>(await this.col().get());
  }

  async listByCompany(companyId: string): Promise<User[]> {
    return fromQuerySnapshot<User>(await this.col().where('companyId', '==', companyId).get());
  }

  /** The most recent login over all users (single-field order, no composite index). */
  async latestLogin(): Promise<User | undefined> {
    const snap = await this.col().orderBy('lastLoginAt', 'desc').limit(1).get();
    return snap.empty ? undefined : fromSnapshot<User>(snap.docs[0]!);
  }

  /** Who holds a mail address (for the EXTERNAL check before creating anything). */
  async mailClaim(mail: string): Promise<UniqueClaim | undefined> {
    return this.keys.get('userMail', mail);
  }

  async getInTx(tx: Transaction, id: string): Promise<User | undefined> {
    return fromSnapshot<User>(await tx.get(this.col().doc(id)));
  }

  /** Every user with the admin flag (platform admins are among them), read inside the transaction. */
  async adminsInTx(tx: Transaction): Promise<User[]> {
    return fromQuerySnapshot<User>(await tx.get(this.col().where('admin', '==', true)));
  }

  async mailClaimInTx(tx: Transaction, mail: string): Promise<UniqueClaim | undefined> {
    return this.keys.getInTx(tx, 'userMail', mail);
  }

  /** Writes the user and claims its mail. Call only after all reads of the transaction. */
  createInTx(tx: Transaction, user: User, now: Date): void {
    tx.create(this.col().doc(user.id), toDocument(user));
    this.keys.claimInTx(tx, { kind: 'userMail', value: user.mail, ownerId: user.id, companyId: user.companyId }, now);
  }

  /** Replaces the user; moves the mail claim when the mail changed. Call only after all reads. */
  updateInTx(tx: Transaction, before: User, after: User, now: Date): void {
    tx.set(this.col().doc(after.id), toDocument(after));
    if (before.mail !== after.mail || before.companyId !== after.companyId) {
      if (before.mail !== after.mail) this.keys.releaseInTx(tx, 'userMail', before.mail);
      this.keys.claimInTx(tx, { kind: 'userMail', value: after.mail, ownerId: after.id, companyId: after.companyId }, now);
    }
  }

  deleteInTx(tx: Transaction, user: User): void {
    tx.delete(this.col().doc(user.id));
    this.keys.releaseInTx(tx, 'userMail', user.mail);
  }

  /** Login counter: atomic increment, no read-modify-write. */
  async recordLogin(id: string, now: Date): Promise<void> {
    await this.col().doc(id).update({ loginCounter: FieldValue.increment(1), lastLoginAt: now });
  }

  async clearPasswordChangeNeeded(id: string, now: Date): Promise<void> {
    await this.col().doc(id).update({
      passwordChangeNeeded: false,
      lastUpdate: now,
      changeEntries: FieldValue.arrayUnion({ date: now, userId: id, action: 'passwordChanged' }),
    });
  }
}
