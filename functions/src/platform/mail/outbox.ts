import type { Firestore, Transaction } from 'firebase-admin/firestore';

/** One outgoing mail in the shape of the Firebase "Trigger Email" extension. */
export interface OutgoingMail {
  to: string | string[];
  /** Set by the repository from MAIL_FROM; the extension's default sender when absent. */
  from?: string;
  message: { subject: string; text: string; html: string };
}

/** The mail outbox `mail/{id}`: production sends it through the extension, local runs show it. */
export class MailOutbox {
  constructor(
    private readonly db: Firestore,
    private readonly from = '',
  ) {}

  private col() {
    return this.db.collection('mail');
  }

  async send(mail: OutgoingMail, now: Date): Promise<void> {
    await this.col().add(this.withSender(mail, now));
  }

  sendInTx(tx: Transaction, mail: OutgoingMail, now: Date): void {
    tx.create(this.col().doc(), this.withSender(mail, now));
  }

  private withSender(mail: OutgoingMail, now: Date) {
    return { ...mail, ...(this.from ? { from: this.from } : {}), createdAt: now };
  }
}
