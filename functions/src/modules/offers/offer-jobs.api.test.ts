import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Enquiry } from '../../model/enquiry.js';
import type { Offer } from '../../model/offer.js';
import { ORDER_LAPSE_DAYS, ORDER_REMINDER_DAYS, type OfferState } from '../../model/offer-states.js';
import { VALIDATION_KEYS } from '../../model/validation.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { HOSTS, PROJECT_ID } from '../../testing/env.js';
import {
  admin,
  createCompany,
  createUser,
  createWorld,
  disposeClients,
  mailsTo,
  type TestUser,
  type World,
} from '../../testing/fixtures.js';
import { finalTask, resumeTask, runTaskNow, tasksFor } from '../../testing/task-fixtures.js';
import { TASKS_COLLECTION } from '../../platform/tasks/tasks.repository.js';
import { TASK_FUNCTION_NAME } from '../../platform/tasks/queue-settings.js';
import { storeEnquiry } from '../enquiries/enquiries-fixtures.js';
import { offerInput, withDocument } from './offers-fixtures.js';
import { OffersRepository } from './offers.repository.js';
import { ORDER_LAPSE, ORDER_REMINDER } from './order-deadlines.task.js';

/**
 * Jobs that end and orders that lapse (issue 32 point 8; docs/decisions-offers.md), over HTTP through Hosting: the
 * supplier reports a job delivered, the customer finishes it or cancels it with a reason; an accepted order reminds
 * the supplier after 7 days and lapses after 14 unless confirmed (background tasks with a schedule time, run now
 * through the Cloud Tasks emulator's `tasks.run`, never by waiting).
 */
let w: World;
let customer: TestUser;
let supplier: TestUser;
let otherSupplier: TestUser;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
  otherSupplier = await createUser(await createCompany('SUPPLIER', { name: 'Konkurrenz Schaltbau GmbH' }));
});
afterAll(disposeClients);

const change = (offerId: string, state: string, token: string, query: Record<string, string> = {}) =>
  post('/offer/statechange', { token, query: { offerId, state, ...query } });
const read = async (id: string, token = supplier.token) => (await get('/offer/', { token, query: { id } })).body;
const stored = async (id: string) => (await new OffersRepository(admin().db).get(id))!;
const enquiryOf = async (id: string) => (await get('/enquiry/', { token: customer.token, query: { id } })).body;
const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);

/** A released offer of `by` on the enquiry, with its OFFER pdf, through the API. */
async function releasedOffer(enquiry: Enquiry, by = supplier): Promise<Offer> {
  const created = await post('/offer/', { token: by.token, body: { ...offerInput(), enquiryId: enquiry.id } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await withDocument(by.token, created.body.id, 'OFFER');
  const res = await post('/offer/release', { token: by.token, query: { offerId: created.body.id } });
  ok(res);
  return res.body;
}

/** An order (ACCEPTED through the API, so its reminder and lapse are scheduled), and a rival offer on its enquiry. */
async function order(): Promise<{ offer: Offer; rival: Offer; enquiry: Enquiry }> {
  const enquiry = await storeEnquiry(customer, { released: true });
  const offer = await releasedOffer(enquiry);
  const rival = await releasedOffer(enquiry, otherSupplier);
  await withDocument(customer.token, offer.id, 'ORDER');
  const res = await change(offer.id, 'ACCEPTED', customer.token);
  ok(res);
  return { offer: res.body, rival, enquiry };
}

/** A job (CONFIRMED), through the API. */
async function job(): Promise<Offer> {
  const { offer } = await order();
  await withDocument(supplier.token, offer.id, 'ORDER_CONFIRMATION');
  const res = await change(offer.id, 'CONFIRMED', supplier.token);
  ok(res);
  return res.body;
}

const taskOf = async (kind: string, offerId: string) => {
  const tasks = await tasksFor(kind, 'offerId', offerId);
  expect(tasks).toHaveLength(1);
  return tasks[0]!;
};
/** Runs the order's task of this kind now and waits until it is final. */
const runNow = async (kind: string, offerId: string) => {
  const task = await taskOf(kind, offerId);
  await runTaskNow(task.id);
  return finalTask(task.id);
};

describe('the job ends: deliver, finish, cancel', () => {
  it('the supplier reports delivered, the customer is told and finishes it; the supplier is told', async () => {
    const j = await job();
    const customerMails = (await mailsTo(customer.mail)).length;
    // the customer cannot report the delivery, the supplier cannot finish
    expect((await change(j.id, 'DELIVERED', customer.token)).body.code).toBe('forbidden');
    expect((await change(j.id, 'FINISHED', supplier.token)).status).toBe(403);
    // another supplier does not see the job (404); admin-company callers use no offers (403)
    expect((await change(j.id, 'DELIVERED', otherSupplier.token)).status).toBe(404);
    expect((await change(j.id, 'DELIVERED', w.token('adminUser')!)).status).toBe(403);

    const delivered = await change(j.id, 'DELIVERED', w.users.supplierUser.token);
    ok(delivered);
    expect(delivered.body).toMatchObject({ state: 'DELIVERED', deliveredDate: expect.any(String) });
    const mail = (await mailsTo(customer.mail)).at(-1)!;
    expect((await mailsTo(customer.mail)).length).toBe(customerMails + 1);
    expect(mail.message.subject).toBe(`Auftrag geliefert: ${j.enquiryTitle}`);
    expect(mail.message.text).toContain(`/job/${j.id}`);
    // delivered once; a delivered job is not cancelled any more
    expect((await change(j.id, 'DELIVERED', supplier.token)).body.code).toBe('invalidTransition');
    const late = await change(j.id, 'CANCELLED', customer.token, { cancellationReason: 'Zu spät' });
    expect(late).toMatchObject({ status: 409, body: { code: 'invalidTransition' } });

    const finished = await change(j.id, 'FINISHED', w.users.customerUser.token);
    ok(finished);
    expect(finished.body).toMatchObject({ state: 'FINISHED', finishedDate: expect.any(String) });
    expect((await mailsTo(supplier.mail)).at(-1)!.message.subject).toBe(`Auftrag abgeschlossen: ${j.enquiryTitle}`);
    // final: nobody acts on it any more; the supplier sees it
    expect((await change(j.id, 'FINISHED', customer.token)).body.code).toBe('invalidTransition');
    expect((await change(j.id, 'DELIVERED', supplier.token)).body.code).toBe('invalidTransition');
    expect(await read(j.id)).toMatchObject({ state: 'FINISHED' });
  });

  it('the customer may finish a job that was not reported delivered (he received it)', async () => {
    const j = await job();
    ok(await change(j.id, 'FINISHED', customer.token));
    expect((await stored(j.id)).state).toBe('FINISHED');
  });

  it('cancel needs a reason (400 with the German field message), only the customer, only before the delivery', async () => {
    const j = await job();
    const none = await change(j.id, 'CANCELLED', customer.token);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: 'validation',
      details: [{ path: 'cancellationReason', key: VALIDATION_KEYS.required }],
    });
    const blank = await change(j.id, 'CANCELLED', customer.token, { cancellationReason: '   ' });
    expect(blank.body.details).toEqual([{ path: 'cancellationReason', key: VALIDATION_KEYS.required }]);
    const common = JSON.parse(await (await fetch(`${HOSTS.portal}/locales/de/common.json`)).text());
    expect(VALIDATION_KEYS.required.split('.').reduce((o: any, k) => o?.[k], common)).toBe('Pflichtfeld');
    // the supplier may not cancel (403), an order is not a job (409)
    expect((await change(j.id, 'CANCELLED', supplier.token, { cancellationReason: 'x' })).status).toBe(403);
    const { offer: anOrder } = await order();
    const early = await change(anOrder.id, 'CANCELLED', customer.token, { cancellationReason: 'x' });
    expect(early).toMatchObject({ status: 409, body: { code: 'invalidTransition' } });
    expect(await stored(j.id)).toMatchObject({ state: 'CONFIRMED' });

    const res = await change(j.id, 'CANCELLED', customer.token, { cancellationReason: 'Projekt gestoppt' });
    ok(res);
    expect(res.body).toMatchObject({ state: 'CANCELLED', cancellationReason: 'Projekt gestoppt' });
    const mail = (await mailsTo(supplier.mail)).at(-1)!;
    expect(mail.message.subject).toBe(`Auftrag storniert: ${j.enquiryTitle}`);
    expect(mail.message.text).toContain('Grund: Projekt gestoppt');
    expect((await change(j.id, 'DELIVERED', supplier.token)).body.code).toBe('invalidTransition');
    // the cancelled job's enquiry keeps its (confirmed) order: the customer may archive it
    ok(await post('/enquiry/archive', { token: customer.token, query: { enquiryId: j.enquiryId } }));
  });

  it('the race: a delivery and a cancellation at once — exactly one wins', async () => {
    const j = await job();
    const [delivered, cancelled] = await Promise.all([
      change(j.id, 'DELIVERED', supplier.token),
      change(j.id, 'CANCELLED', customer.token, { cancellationReason: 'Gleichzeitig' }),
    ]);
    expect([delivered.status, cancelled.status].sort()).toEqual([200, 409]);
    expect((await stored(j.id)).state).toBe(delivered.status === 200 ? 'DELIVERED' : 'CANCELLED');
  });

  it('ended jobs leave the default /job view (CONFIRMED, DELIVERED) but are found by their state', async () => {
    const [open, ended] = [await job(), await job()];
    ok(await change(ended.id, 'FINISHED', customer.token));
    const list = async (states: OfferState[]) =>
      (
        await get('/offer/filter', { token: customer.token, query: { states: states.join(','), paginationSize: '30' } })
      ).body.content.map((o: Offer) => o.id);
    expect(await list(['CONFIRMED', 'DELIVERED'])).toContain(open.id);
    expect(await list(['CONFIRMED', 'DELIVERED'])).not.toContain(ended.id);
    expect(await list(['FINISHED'])).toContain(ended.id);
    expect(await list(['FINISHED'])).not.toContain(open.id);
  });
});

describe('an order lapses unless confirmed', () => {
  it('the accept schedules the reminder after 7 and the lapse after 14 days (Cloud Tasks schedule time)', async () => {
    const { offer } = await order();
    const acceptDate = new Date(offer.acceptDate!);
    const day = 24 * 60 * 60_000;
    expect(new Date(offer.lapseDate!).getTime()).toBe(acceptDate.getTime() + ORDER_LAPSE_DAYS * day);
    const queue = `projects/${PROJECT_ID}/locations/europe-west3/queues/${TASK_FUNCTION_NAME}`;
    for (const [kind, days] of [
      [ORDER_REMINDER, ORDER_REMINDER_DAYS],
      [ORDER_LAPSE, ORDER_LAPSE_DAYS],
    ] as const) {
      const task = await taskOf(kind, offer.id);
      expect(task).toMatchObject({ state: 'queued', createdBy: customer.user.id });
      const res = await fetch(`http://${HOSTS.tasks}/${queue}/tasks/${task.id}-0`);
      const cloudTask = (await res.json()) as { scheduleTime: string };
      expect(Date.parse(cloudTask.scheduleTime)).toBe(acceptDate.getTime() + days * day);
    }
  });

  it('day 7 reminds the supplier to confirm; after a confirm the reminder and the lapse do nothing', async () => {
    const { offer } = await order();
    await runNow(ORDER_REMINDER, offer.id);
    const reminder = (await mailsTo(supplier.mail)).at(-1)!;
    expect(reminder.message.subject).toBe(`Erinnerung: Bestellung bestätigen – Angebot ${offer.offerNumber}`);
    expect(reminder.message.text).toContain(`/order/${offer.id}`);
    expect(await stored(offer.id)).toMatchObject({ state: 'ACCEPTED' });

    await withDocument(supplier.token, offer.id, 'ORDER_CONFIRMATION');
    ok(await change(offer.id, 'CONFIRMED', supplier.token));
    const confirmed = await stored(offer.id);
    const mails = (await admin().db.collection('mail').get()).size;
    expect(await runNow(ORDER_LAPSE, offer.id)).toMatchObject({ state: 'done' });
    expect(await stored(offer.id)).toEqual(confirmed);
    expect((await admin().db.collection('mail').get()).size).toBe(mails);
    expect((await enquiryOf(offer.enquiryId)).order).toMatchObject({ offerId: offer.id, confirmed: true });
  });

  it('day 14: the order lapses, the enquiry reopens for the other offers (not outdated), the customer is told', async () => {
    const { offer, rival, enquiry } = await order();
    expect(await read(rival.id, otherSupplier.token)).toMatchObject({ enquiryStanding: 'closed' });
    expect(await runNow(ORDER_LAPSE, offer.id)).toMatchObject({ state: 'done' });

    expect(await read(offer.id)).toMatchObject({ state: 'LAPSED', lapseDate: expect.any(String) });
    const e = await enquiryOf(enquiry.id);
    expect(e).toMatchObject({ closed: false, released: true });
    expect(e).not.toHaveProperty('order');
    const lapsed = (await mailsTo(customer.mail)).at(-1)!;
    expect(lapsed.message.subject).toBe(`Bestellung verfallen: ${enquiry.title}`);
    expect(lapsed.message.text).toContain(`/enquiry/${enquiry.id}/offers`);
    expect((await mailsTo(supplier.mail)).at(-1)!.message.subject).toBe(
      `Bestellung verfallen: Angebot ${offer.offerNumber}`,
    );
    // the rival offer is open again, not outdated, and the customer accepts it
    expect(await read(rival.id, otherSupplier.token)).toMatchObject({
      state: 'OPEN',
      enquiryStanding: 'open',
      outdated: false,
    });
    // the lapsed order is final: no confirm, and the supplier's list of orders finds it by its state
    await withDocument(supplier.token, offer.id, 'ORDER_CONFIRMATION');
    expect((await change(offer.id, 'CONFIRMED', supplier.token)).body.code).toBe('invalidTransition');
    const orders = await get('/offer/filter', { token: supplier.token, query: { states: 'LAPSED' } });
    expect(orders.body.content.map((o: Offer) => o.id)).toContain(offer.id);
    await withDocument(customer.token, rival.id, 'ORDER');
    ok(await change(rival.id, 'ACCEPTED', customer.token));
    expect((await enquiryOf(enquiry.id)).order).toMatchObject({ offerId: rival.id, confirmed: false });
    // a redelivery of the lapse (the task worked on again) changes nothing
    const after = await stored(offer.id);
    const task = await taskOf(ORDER_LAPSE, offer.id);
    await admin().db.collection(TASKS_COLLECTION).doc(task.id).update({ state: 'queued', cursor: null });
    await resumeTask(task.id, ['again']);
    expect(await finalTask(task.id)).toMatchObject({ state: 'done' });
    expect(await stored(offer.id)).toEqual(after);
  });

  it('the race: the supplier confirms while the order lapses — exactly one wins', async () => {
    const { offer } = await order();
    await withDocument(supplier.token, offer.id, 'ORDER_CONFIRMATION');
    const [confirmed, task] = await Promise.all([
      change(offer.id, 'CONFIRMED', supplier.token),
      runNow(ORDER_LAPSE, offer.id),
    ]);
    expect(task.state).toBe('done');
    const state = (await stored(offer.id)).state;
    const e = await enquiryOf(offer.enquiryId);
    if (confirmed.status === 200) {
      expect(state).toBe('CONFIRMED');
      expect(e).toMatchObject({ closed: true, order: { offerId: offer.id, confirmed: true } });
    } else {
      expect(confirmed.body.code).toBe('invalidTransition');
      expect(state).toBe('LAPSED');
      expect(e).toMatchObject({ closed: false });
    }
  });
});
