import type { Firestore, Transaction } from 'firebase-admin/firestore';

/** One registration the platform admins have not been told about yet: `registrationNotices/{companyId}`. */
export interface RegistrationNotice {
  companyId: string;
  companyName: string;
  userName: string;
  mail: string;
  createdAt: Date;
}

/** `registrationDigests/state`: when the last digest went out and which digest task is scheduled. */
export interface DigestState {
  lastSentAt?: Date;
  /** The digest task that will send the pending notices; null when none is scheduled. */
  nextTaskId?: string | null;
  nextAt?: Date | null;
}

/** At most this many notices per digest (far above what the registration throttles let through). */
const DIGEST_MAX_NOTICES = 200;

function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  const toDateFn = (value as { toDate?: unknown } | null)?.toDate;
  return typeof toDateFn === 'function' ? (toDateFn.call(value) as Date) : undefined;
}

/** The pending registration notices and the digest schedule; written only in transactions. */
export class RegistrationDigestRepository {
  constructor(private readonly db: Firestore) {}

  private stateRef() {
    return this.db.collection('registrationDigests').doc('state');
  }
  private notices() {
    return this.db.collection('registrationNotices');
  }

  async stateInTx(tx: Transaction): Promise<DigestState> {
    const data = (await tx.get(this.stateRef())).data() ?? {};
    return {
      lastSentAt: toDate(data.lastSentAt),
      nextTaskId: typeof data.nextTaskId === 'string' ? data.nextTaskId : null,
      nextAt: toDate(data.nextAt) ?? null,
    };
  }

  setStateInTx(tx: Transaction, state: DigestState): void {
    tx.set(this.stateRef(), state, { merge: true });
  }

  addNoticeInTx(tx: Transaction, notice: RegistrationNotice): void {
    tx.set(this.notices().doc(notice.companyId), notice);
  }

  /** The pending notices, oldest first (a plain collection read: no index). */
  async pendingInTx(tx: Transaction): Promise<RegistrationNotice[]> {
    const snap = await tx.get(this.notices().limit(DIGEST_MAX_NOTICES));
    return snap.docs
      .map((d) => {
        const data = d.data();
        return { ...(data as RegistrationNotice), createdAt: toDate(data.createdAt) ?? new Date(0) };
      })
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.companyId < b.companyId ? -1 : 1));
  }

  deleteNoticesInTx(tx: Transaction, notices: RegistrationNotice[]): void {
    for (const n of notices) tx.delete(this.notices().doc(n.companyId));
  }
}
