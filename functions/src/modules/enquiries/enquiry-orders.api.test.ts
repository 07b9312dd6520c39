import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryFolderPath, type Enquiry, type EnquiryListItem } from '../../model/enquiry.js';
import type { Offer } from '../../model/offer.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createCompany, createUser, createWorld, disposeClients, type TestUser } from '../../testing/fixtures.js';
import { offerInput, withDocument } from '../offers/offers-fixtures.js';
import { releasedEnquiry } from './enquiries-fixtures.js';

/**
 * A closed enquiry (closed by an accepted offer) and its order (issue 32; docs/decisions-enquiries.md "Closed
 * enquiries"): never reopened; archived by its customer once the supplier confirmed the order, and then still
 * opened from the order and the job by both sides.
 */
let customer: TestUser;
let supplier: TestUser;
let otherCustomer: TestUser;
let otherSupplier: TestUser;
beforeAll(async () => {
  await resetAll();
  const w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
  otherCustomer = await createUser(await createCompany('CUSTOMER', { name: 'Fremdkunde AG' }));
  otherSupplier = await createUser(await createCompany('SUPPLIER', { name: 'Konkurrenz Schaltbau GmbH' }));
});
afterAll(disposeClients);

const RUNS = 6;

const archive = (token: string, enquiryId: string) => post('/enquiry/archive', { token, query: { enquiryId } });
const reopen = (token: string, enquiryId: string) => post('/enquiry/reopen', { token, query: { enquiryId } });
const stateChange = (token: string, offerId: string, state: 'ACCEPTED' | 'CONFIRMED') =>
  post('/offer/statechange', { token, query: { offerId, state } });
const enquiryOf = async (token: string, id: string) => get('/enquiry/', { token, query: { id } });

/** A released enquiry with a released offer the customer accepted: closed by an order not yet confirmed. */
async function acceptedOrder(): Promise<{ enquiry: Enquiry; offer: Offer }> {
  const enquiry = await releasedEnquiry(customer);
  const created = await post('/offer/', { token: supplier.token, body: { ...offerInput(), enquiryId: enquiry.id } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await withDocument(supplier.token, created.body.id, 'OFFER');
  const released = await post('/offer/release', { token: supplier.token, query: { offerId: created.body.id } });
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  await withDocument(customer.token, created.body.id, 'ORDER');
  const accepted = await stateChange(customer.token, created.body.id, 'ACCEPTED');
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  // the supplier's ORDER_CONFIRMATION is there: a confirm can run at once
  await withDocument(supplier.token, created.body.id, 'ORDER_CONFIRMATION');
  return { enquiry, offer: accepted.body };
}

async function customerList(): Promise<EnquiryListItem[]> {
  const res = await get('/enquiry/filter', { token: customer.token, query: { paginationSize: '30' } });
  expect(res.status).toBe(200);
  return res.body.content;
}

describe('a closed enquiry with an accepted order', () => {
  it('is neither archived nor reopened (409 enquiryHasOrder); the record names its order, unconfirmed', async () => {
    const { enquiry, offer } = await acceptedOrder();
    const stored = (await enquiryOf(customer.token, enquiry.id)).body as Enquiry;
    expect(stored).toMatchObject({
      closed: true,
      archived: false,
      order: { offerId: offer.id, supplierId: offer.supplierId, confirmed: false },
    });
    for (const call of [archive, reopen]) {
      const res = await call(customer.token, enquiry.id);
      expect([res.status, res.body.code]).toEqual([409, 'enquiryHasOrder']);
    }
    const row = (await customerList()).find((e) => e.id === enquiry.id)!;
    expect(row).toMatchObject({ closed: true, archived: false, order: { confirmed: false } });
    expect((await enquiryOf(customer.token, enquiry.id)).body).toMatchObject({ closed: true, archived: false });
    // the order's supplier sees it named; another supplier reads the closed enquiry without learning who won
    expect((await enquiryOf(supplier.token, enquiry.id)).body.order).toEqual(stored.order);
    const other = await enquiryOf(otherSupplier.token, enquiry.id);
    expect(other.status).toBe(200);
    expect(other.body).not.toHaveProperty('order');
  });

  it('wrong callers: the supplier 403, another customer 404, another supplier 403 (it sees the closed enquiry)', async () => {
    const { enquiry } = await acceptedOrder();
    expect((await archive(supplier.token, enquiry.id)).status).toBe(403);
    expect((await archive(otherCustomer.token, enquiry.id)).status).toBe(404);
    expect((await archive(otherSupplier.token, enquiry.id)).status).toBe(403);
    expect((await reopen(supplier.token, enquiry.id)).status).toBe(403);
  });
});

describe('a closed enquiry with a confirmed order', () => {
  it('the customer archives it (200); both sides still open it from the job, other callers do not', async () => {
    const { enquiry, offer } = await acceptedOrder();
    const confirmed = await stateChange(supplier.token, offer.id, 'CONFIRMED');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await enquiryOf(customer.token, enquiry.id)).body.order).toEqual({
      offerId: offer.id,
      supplierId: offer.supplierId,
      confirmed: true,
    });

    // wrong callers first: nothing changes
    expect((await archive(supplier.token, enquiry.id)).status).toBe(403);
    expect((await archive(otherCustomer.token, enquiry.id)).status).toBe(404);
    expect((await archive(otherSupplier.token, enquiry.id)).status).toBe(403);

    const res = await archive(customer.token, enquiry.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ archived: true, closed: true, order: { confirmed: true } });
    // archived: final, and never reopened
    expect((await archive(customer.token, enquiry.id)).status).toBe(403);
    expect((await reopen(customer.token, enquiry.id)).status).toBe(403);

    // the customer's list shows it archived, no longer as an open (closed) enquiry; suppliers' market never had it
    const row = (await customerList()).find((e) => e.id === enquiry.id)!;
    expect(row).toMatchObject({ archived: true, closed: true });
    const market = await get('/enquiry/filter', { token: supplier.token, query: { paginationSize: '30' } });
    expect(market.body.content.map((e: EnquiryListItem) => e.id)).not.toContain(enquiry.id);

    // the job opens, and so does the enquiry it links to, for both sides of the order (and its files)
    for (const token of [customer.token, supplier.token]) {
      const job = await get('/offer/', { token, query: { id: offer.id } });
      expect([job.status, job.body.state, job.body.enquiryStanding]).toEqual([200, 'CONFIRMED', 'archived']);
      const opened = await enquiryOf(token, job.body.enquiryId);
      expect([opened.status, opened.body.id, opened.body.archived]).toEqual([200, enquiry.id, true]);
      const files = await get('/file/names', { token, query: { path: enquiryFolderPath('documents', enquiry.id) } });
      expect(files.status).toBe(200);
    }
    // the supplier still gets the supplier's view (no history, no author)
    const seen = (await enquiryOf(supplier.token, enquiry.id)).body;
    expect(seen.changeEntries).toBeUndefined();
    // anybody else: hidden, as every archived enquiry
    expect((await enquiryOf(otherSupplier.token, enquiry.id)).status).toBe(404);
    expect((await enquiryOf(otherCustomer.token, enquiry.id)).status).toBe(404);
  });
});

describe('race: the customer archives while the supplier confirms', () => {
  it('archived only after the confirm, or 409; never an archived enquiry with an unconfirmed order', async () => {
    for (let run = 0; run < RUNS; run++) {
      const { enquiry, offer } = await acceptedOrder();
      const [archived, confirmed] = await Promise.all([
        archive(customer.token, enquiry.id),
        stateChange(supplier.token, offer.id, 'CONFIRMED'),
      ]);
      const context = `run ${run}: ${JSON.stringify([archived.body, confirmed.body])}`;
      // the confirm does not depend on the archive: it always succeeds
      expect(confirmed.status, context).toBe(200);
      expect([200, 409], context).toContain(archived.status);
      const e = (await enquiryOf(customer.token, enquiry.id)).body as Enquiry;
      const o = (await get('/offer/', { token: supplier.token, query: { id: offer.id } })).body as Offer;
      expect([o.state, e.order?.confirmed], context).toEqual(['CONFIRMED', true]);
      if (archived.status === 200) expect(e.archived, context).toBe(true);
      else {
        expect(archived.body.code, context).toBe('enquiryHasOrder');
        expect(e.archived, context).toBe(false);
        // once confirmed, the archive goes through
        expect((await archive(customer.token, enquiry.id)).status, context).toBe(200);
      }
    }
  });
});
