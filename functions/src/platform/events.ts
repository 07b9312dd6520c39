import type { Transaction } from 'firebase-admin/firestore';
import type { Logger } from './logger.js';

/**
 * What an area announces after a change committed (e.g. "an enquiry got a new BOM revision"); any number of
 * other areas listen. A listener's failure is logged and never undoes the change or stops the other listeners:
 * the change happened, and the answer must say so.
 */
export class AreaEvent<T> {
  private readonly listeners: Array<(value: T) => Promise<void> | void> = [];

  constructor(
    readonly name: string,
    private readonly log: Pick<Logger, 'error'>,
  ) {}

  on(listener: (value: T) => Promise<void> | void): void {
    this.listeners.push(listener);
  }

  async emit(value: T): Promise<void> {
    await Promise.all(
      this.listeners.map(async (listener) => {
        try {
          await listener(value);
        } catch (error) {
          this.log.error(`event ${this.name}: a listener failed`, { error: String(error) });
        }
      }),
    );
  }
}

/**
 * A question an area asks inside the transaction of a change, before it writes (e.g. "may this enquiry be
 * reopened?"): every listener reads what it needs in the same transaction and may refuse by throwing an
 * ApiError, so the change and the other area's records decide on one consistent state. Listeners only read.
 */
export class TxCheck<T> {
  private readonly listeners: Array<(tx: Transaction, value: T) => Promise<void>> = [];

  constructor(readonly name: string) {}

  on(listener: (tx: Transaction, value: T) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async run(tx: Transaction, value: T): Promise<void> {
    for (const listener of this.listeners) await listener(tx, value);
  }
}
