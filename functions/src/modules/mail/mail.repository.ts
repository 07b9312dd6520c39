import type { Firestore, Transaction } from 'firebase-admin/firestore';

/** One outgoing mail in the shape of the Firebase "Trigger Email" extension. */
export interface OutgoingMail {
  to: string | string[];
  message: { subject: string; text: string; html: string };
}

/** `mail/{id}`: production sends it through the extension, local runs show it. */
export class MailRepository {
  constructor(private readonly db: Firestore) {}

  private col() {
    return this.db.collection('mail');
  }

  async send(mail: OutgoingMail, now: Date): Promise<void> {
    await this.col().add({ ...mail, createdAt: now });
  }

  sendInTx(tx: Transaction, mail: OutgoingMail, now: Date): void {
    tx.create(this.col().doc(), { ...mail, createdAt: now });
  }
}
