import type { Transaction } from 'firebase-admin/firestore';
import { enquiryStanding, type Offer } from '../../model/offer.js';
import { orderDeadlines, transitionRefusal } from '../../model/offer-states.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { EnquiriesService } from '../enquiries/enquiries.service.js';
import type { OfferMailer } from './offer-mails.js';
import type { OffersRepository } from './offers.repository.js';

/**
 * An order binds the customer for two weeks (AVB; issue 32 point 8, docs/decisions-offers.md "Orders that lapse"):
 * the accept schedules a reminder to the supplier after 7 days and the lapse after 14 days, as background tasks with
 * Cloud Tasks' schedule time. Each handler re-reads the offer in its commit transaction and does nothing unless it is
 * still an unconfirmed order: a confirm racing the lapse — exactly one wins, and a redelivery changes nothing.
 */
export const ORDER_REMINDER = 'offerOrderReminder';
export const ORDER_LAPSE = 'offerOrderLapse';

interface OrderTaskParams {
  offerId: string;
}

/** The two tasks an accept created, to start after its commit. */
export type ScheduledOrderTasks = Array<{ taskId: string; notBefore: Date }>;

/** Creates the order's reminder and lapse tasks in the accept's transaction and starts them after its commit. */
export class OrderDeadlines {
  constructor(private readonly tasks: Pick<TaskRunner, 'createInTx' | 'start'>) {}

  scheduleInTx(tx: Transaction, offer: Pick<Offer, 'id' | 'acceptDate'>, createdBy: string): ScheduledOrderTasks {
    const { reminderDate, lapseDate } = orderDeadlines(offer.acceptDate!);
    const params: OrderTaskParams = { offerId: offer.id };
    return [
      { kind: ORDER_REMINDER, notBefore: reminderDate },
      { kind: ORDER_LAPSE, notBefore: lapseDate },
    ].map(({ kind, notBefore }) => ({
      taskId: this.tasks.createInTx(tx, { kind, params, createdBy, notBefore }),
      notBefore,
    }));
  }

  async start(scheduled: ScheduledOrderTasks): Promise<void> {
    for (const { taskId, notBefore } of scheduled) await this.tasks.start(taskId, { notBefore });
  }
}

interface OrderTaskDeps {
  offers: OffersRepository;
  enquiries: Pick<EnquiriesService, 'getInTx' | 'record' | 'reopenForOffersInTx'>;
  mails: OfferMailer;
  mail: Pick<MailOutbox, 'sendInTx'>;
  now: () => Date;
}

function parse(params: unknown): OrderTaskParams {
  const offerId = (params as Partial<OrderTaskParams> | undefined)?.offerId;
  if (typeof offerId !== 'string' || !offerId) throw new TaskFailure('invalidParams');
  return { offerId };
}

/** Still an order nobody confirmed (what both tasks act on; anything else: nothing to do). */
const isOpenOrder = (o: Offer | undefined): o is Offer => !!o && transitionRefusal(o, 'lapse') === undefined;

/** One chunk, one item: the mails built before (they read users), the decision and the writes in the commit. */
function oneChunk(commit: (tx: Transaction) => Promise<void>) {
  return { cursor: 1, processed: 1, finished: true, commit };
}

/** Day 7: the supplier is reminded to confirm (nothing when the order was confirmed or lapsed meanwhile). */
export function orderReminderTask(d: OrderTaskDeps): TaskKind<OrderTaskParams> {
  return {
    kind: ORDER_REMINDER,
    chunkSize: 1,
    parse,
    async runChunk({ params }) {
      const seen = await d.offers.get(params.offerId);
      const mail = isOpenOrder(seen) ? await d.mails.orderReminder(seen) : undefined;
      return oneChunk(async (tx) => {
        if (mail && isOpenOrder(await d.offers.getInTx(tx, params.offerId))) d.mail.sendInTx(tx, mail, d.now());
      });
    },
  };
}

/**
 * Day 14: the unconfirmed order lapses (LAPSED; the offer and its ORDER stay on record), its enquiry is open for
 * offers again (the other offers keep their state and are not outdated: the enquiry's release date stays), the
 * other offers show it, and the customer and the supplier are told.
 */
export function orderLapseTask(d: OrderTaskDeps): TaskKind<OrderTaskParams> {
  return {
    kind: ORDER_LAPSE,
    chunkSize: 1,
    parse,
    async runChunk({ params }) {
      const seen = await d.offers.get(params.offerId);
      const enquiry = seen && (await d.enquiries.record(seen.enquiryId));
      const mails = isOpenOrder(seen) && enquiry ? await d.mails.orderLapsed(seen, enquiry.createdBy) : [];
      return oneChunk(async (tx) => {
        const offer = await d.offers.getInTx(tx, params.offerId);
        if (!isOpenOrder(offer)) return;
        const current = await d.enquiries.getInTx(tx, offer.enquiryId);
        const siblings = await d.offers.byEnquiryInTx(tx, offer.enquiryId);
        const now = d.now();
        const standing = current ? enquiryStanding(d.enquiries.reopenForOffersInTx(tx, current, offer.id)) : 'closed';
        d.offers.setInTx(tx, { ...offer, state: 'LAPSED', lapseDate: now, enquiryStanding: standing, lastUpdate: now });
        // the other offers show where the enquiry stands again (their actions read the enquiry anyway)
        for (const o of siblings)
          if (o.id !== offer.id && o.enquiryStanding !== standing)
            d.offers.setInTx(tx, { ...o, enquiryStanding: standing });
        for (const mail of mails) d.mail.sendInTx(tx, mail, now);
      });
    },
  };
}
