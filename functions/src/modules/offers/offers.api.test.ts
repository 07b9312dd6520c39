import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Enquiry } from '../../model/enquiry.js';
import type { Offer } from '../../model/offer.js';
import type { OfferState } from '../../model/offer-states.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { releasedEnquiry, storeEnquiry, uploadBom } from '../enquiries/enquiries-fixtures.js';
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
import { offerInput, storeOffer, uploadOfferDocument, withDocument } from './offers-fixtures.js';
import { pdfBytes, uploadFile } from '../../testing/upload-client.js';
import { offerDocumentsPath } from '../../model/offer.js';
import { OffersRepository } from './offers.repository.js';

/** /offer/* over HTTP through Hosting (docs/api.md "Offers"); who may call what: offers.access.ts. */
let w: World;
let customer: TestUser;
let supplier: TestUser;
let otherCustomer: TestUser;
let otherSupplier: TestUser;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
  otherCustomer = await createUser(await createCompany('CUSTOMER', { name: 'Fremdkunde AG' }));
  otherSupplier = await createUser(await createCompany('SUPPLIER', { name: 'Konkurrenz Schaltbau GmbH' }));
});
afterAll(disposeClients);

const openEnquiry = () => storeEnquiry(customer, { released: true });
const create = async (enquiryId: string, token = supplier.token, body: unknown = offerInput()) => {
  const res = await post('/offer/', { token, body: { ...(body as object), enquiryId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Offer;
};
const byId = (method: 'GET' | 'POST', path: string, offerId: string, token: string, query = {}) =>
  (method === 'GET' ? get : post)(path, { token, query: { offerId, ...query } });
const release = (offerId: string, token = supplier.token) => byId('POST', '/offer/release', offerId, token);
const accept = (offerId: string, token = customer.token) =>
  byId('GET', '/offer/statechange', offerId, token, { state: 'ACCEPTED' });
const decline = (offerId: string, token = customer.token, reason = 'PRICE_NOT_AS_EXPECTED', text?: string) =>
  byId('GET', '/offer/statechange', offerId, token, {
    state: 'DECLINED',
    rejectionReason: reason,
    rejectionReasonIndividual: text,
  });
const confirm = (offerId: string, token = supplier.token) =>
  byId('POST', '/offer/statechange', offerId, token, { state: 'CONFIRMED' });
const revise = (offerId: string, token = supplier.token) => byId('GET', '/offer/revision', offerId, token);
const archive = (offerId: string, token = supplier.token) => byId('POST', '/offer/archive', offerId, token);
const read = async (id: string, token = supplier.token) => (await get('/offer/', { token, query: { id } })).body;
const enquiryOf = async (id: string) => (await get('/enquiry/', { token: customer.token, query: { id } })).body;

/** A released offer with its OFFER pdf, through the API. */
async function releasedOffer(enquiry?: Enquiry): Promise<Offer> {
  const o = await create((enquiry ?? (await openEnquiry())).id);
  await withDocument(supplier.token, o.id, 'OFFER');
  const res = await release(o.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('POST /offer/ and GET /offer/', () => {
  it('creates an OPEN draft, version 1, with the enquiry as original and its revisions; ids from the records', async () => {
    const enquiry = await releasedEnquiry(customer);
    const input = offerInput({ amount: 3, packaging: 'INDIVIDUAL', packagingIndividual: 'Holzkiste' });
    const o = await create(enquiry.id, w.users.supplierUser.token, input);
    expect(o).toMatchObject({
      ...input,
      enquiryId: enquiry.id,
      enquiryTitle: enquiry.title,
      supplierId: w.companies.SUPPLIER.id,
      supplierName: w.companies.SUPPLIER.name,
      customerId: w.companies.CUSTOMER.id,
      customerName: w.companies.CUSTOMER.name,
      state: 'OPEN',
      version: 1,
      released: false,
      archived: false,
      invalidated: false,
      enquiryBomRevision: 1,
      enquiryCircuitDiagramRevision: 1,
      createdBy: w.users.supplierUser.user.id,
    });
    expect(o.original).toMatchObject({ referenceNumber: enquiry.referenceNumber, amount: enquiry.amount });
    expect(o.original).not.toHaveProperty('title');
    expect(o).not.toHaveProperty('releaseDate');
    expect(await read(o.id)).toEqual({ ...o, outdated: false });
    // a draft is the supplier's: the customer and other suppliers get 404
    expect((await get('/offer/', { token: customer.token, query: { id: o.id } })).status).toBe(404);
    expect((await get('/offer/', { token: otherSupplier.token, query: { id: o.id } })).status).toBe(404);
  });

  it('refuses invalid forms with 400 validation (offer number, price ≥ 0 in cents, delivery)', async () => {
    const enquiry = await openEnquiry();
    const res = await post('/offer/', {
      token: supplier.token,
      body: { ...offerInput(), offerNumber: '', price: -1, deliveryCondition: 'EXP', enquiryId: enquiry.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'deliveryCondition',
      'offerNumber',
      'price',
    ]);
    const cents = await post('/offer/', {
      token: supplier.token,
      body: { ...offerInput({ price: 10.001 }), enquiryId: enquiry.id },
    });
    expect(cents.status).toBe(400);
  });

  it('offers only on released, open enquiries the supplier sees; customers may not create (403)', async () => {
    const draft = await storeEnquiry(customer);
    const closed = await storeEnquiry(customer, { released: true, closed: true });
    expect(
      (await post('/offer/', { token: supplier.token, body: { ...offerInput(), enquiryId: draft.id } })).status,
    ).toBe(404);
    const res = await post('/offer/', { token: supplier.token, body: { ...offerInput(), enquiryId: closed.id } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('enquiryClosed');
    for (const token of [customer.token, w.token('adminUser'), w.token('externalUser')])
      expect((await post('/offer/', { token, body: { ...offerInput(), enquiryId: closed.id } })).status).toBe(403);
  });

  it('ignores every server-set field on create and update (no mass assignment)', async () => {
    const enquiry = await openEnquiry();
    const forged = {
      state: 'CONFIRMED',
      version: 9,
      supplierId: otherSupplier.company.id,
      supplierName: 'Gefälscht',
      customerId: otherCustomer.company.id,
      customerName: 'Gefälscht',
      released: true,
      releaseDate: '2020-01-01T00:00:00.000Z',
      archived: true,
      invalidated: true,
      original: { referenceNumber: 'X' },
      previousOfferId: 'x',
      nextOfferId: 'y',
      revisions: [{ id: 'x' }],
      rejectionReason: 'INDIVIDUAL',
      enquiryBomRevision: 7,
      enquiryCircuitDiagramRevision: 7,
      enquiryTitle: 'Gefälscht',
      additionalInfo: 'Gefälscht',
      createdBy: otherSupplier.user.id,
      createDate: '2020-01-01T00:00:00.000Z',
      id: 'forged-id',
    };
    const expected = {
      state: 'OPEN',
      version: 1,
      supplierId: w.companies.SUPPLIER.id,
      supplierName: w.companies.SUPPLIER.name,
      customerId: w.companies.CUSTOMER.id,
      customerName: w.companies.CUSTOMER.name,
      released: false,
      archived: false,
      invalidated: false,
      enquiryBomRevision: 0,
      enquiryCircuitDiagramRevision: 0,
      enquiryTitle: enquiry.title,
      createdBy: supplier.user.id,
    };
    const o = await create(enquiry.id, supplier.token, { ...offerInput(), ...forged });
    expect(o).toMatchObject(expected);
    expect(o.id).not.toBe('forged-id');
    expect(o.original.referenceNumber).toBe(enquiry.referenceNumber);
    for (const field of [
      'releaseDate',
      'previousOfferId',
      'nextOfferId',
      'revisions',
      'rejectionReason',
      'additionalInfo',
    ])
      expect(o).not.toHaveProperty(field);
    const { id: _id, ...forgedUpdate } = forged;
    const updated = await post('/offer/update', {
      token: supplier.token,
      body: { ...offerInput({ price: 99 }), ...forgedUpdate, offerNumber: o.offerNumber, id: o.id },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ ...expected, price: 99, createDate: o.createDate });
    for (const field of ['releaseDate', 'previousOfferId', 'nextOfferId', 'revisions', 'rejectionReason'])
      expect(updated.body).not.toHaveProperty(field);
  });

  it('keeps offer numbers unique per supplier company (409 offerNumberInUse), case-insensitively', async () => {
    const enquiry = await openEnquiry();
    const first = await create(enquiry.id, supplier.token, offerInput({ offerNumber: 'ANG-UNIQUE-1' }));
    const again = await post('/offer/', {
      token: w.users.supplierUser.token,
      body: { ...offerInput({ offerNumber: 'ang-unique-1' }), enquiryId: enquiry.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('offerNumberInUse');
    // another supplier company may use the same number
    await create(enquiry.id, otherSupplier.token, offerInput({ offerNumber: 'ANG-UNIQUE-1' }));
    const second = await create(enquiry.id, supplier.token, offerInput({ offerNumber: 'ANG-UNIQUE-2' }));
    const taken = await post('/offer/update', {
      token: supplier.token,
      body: { ...offerInput({ offerNumber: 'ANG-UNIQUE-1' }), id: second.id },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('offerNumberInUse');
    // renaming frees the old number
    const renamed = await post('/offer/update', {
      token: supplier.token,
      body: { ...offerInput({ offerNumber: 'ANG-UNIQUE-3' }), id: first.id },
    });
    expect(renamed.status).toBe(200);
    await create(enquiry.id, supplier.token, offerInput({ offerNumber: 'ANG-UNIQUE-1' }));
  });
});

describe('release', () => {
  it("needs the supplier's OFFER pdf (422 missingOfferFile), then releases once and mails the enquiry's creator", async () => {
    const enquiry = await openEnquiry();
    const o = await create(enquiry.id);
    const missing = await release(o.id);
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('missingOfferFile');
    // another document type does not count
    await withDocument(supplier.token, o.id, 'UNKNOWN');
    expect((await release(o.id)).body.code).toBe('missingOfferFile');
    await withDocument(supplier.token, o.id, 'OFFER');
    const before = (await mailsTo(customer.mail)).length;
    const res = await release(o.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ released: true, state: 'OPEN', releaseDate: expect.any(String) });
    const mails = await mailsTo(customer.mail);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.message.subject).toContain(enquiry.title);
    expect(mails.at(-1)!.message.text).toContain(`/offer/${o.id}`);
    expect(mails.at(-1)!.message.text).toContain(w.companies.SUPPLIER.name);
    const again = await release(o.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('offerReleased');
    const edit = await post('/offer/update', { token: supplier.token, body: { ...offerInput(), id: o.id } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('offerReleased');
    // the customer sees it now
    expect((await get('/offer/', { token: customer.token, query: { id: o.id } })).status).toBe(200);
  });
});

/**
 * The whole transition table: each state × each action × each kind of caller. The expected answers are
 * written out here (not computed from the model), so a wrong entry in OFFER_TRANSITIONS fails.
 */
type Setup = 'draft' | 'open' | 'declined' | 'accepted' | 'confirmed' | 'archived' | 'invalidated';
type Action = 'release' | 'accept' | 'decline' | 'confirm' | 'revise' | 'archive';
const SETUPS: Record<Setup, Partial<Offer>> = {
  draft: { state: 'OPEN', released: false },
  open: { state: 'OPEN', released: true },
  declined: { state: 'DECLINED', released: true, rejectionReason: 'PRICE_NOT_AS_EXPECTED' },
  accepted: { state: 'ACCEPTED', released: true },
  confirmed: { state: 'CONFIRMED', released: true },
  archived: { state: 'OPEN', released: true, archived: true },
  invalidated: { state: 'DECLINED', released: true, invalidated: true },
};
const SIDE: Record<Action, 'supplier' | 'customer'> = {
  release: 'supplier',
  accept: 'customer',
  decline: 'customer',
  confirm: 'supplier',
  revise: 'supplier',
  archive: 'supplier',
};
const REQUIRES: Partial<Record<Action, string>> = {
  release: 'missingOfferFile',
  accept: 'missingOrderFile',
  confirm: 'missingOrderConfirmationFile',
};
const I = 'invalidTransition';
/** What the acting side gets: 'ok' or the 409 code. */
const TABLE: Record<Setup, Record<Action, 'ok' | string>> = {
  draft: {
    release: 'ok',
    accept: 'offerNotReleased',
    decline: 'offerNotReleased',
    confirm: I,
    revise: 'offerNotReleased',
    archive: 'ok',
  },
  open: { release: 'offerReleased', accept: 'ok', decline: 'ok', confirm: I, revise: 'ok', archive: 'ok' },
  declined: { release: I, accept: I, decline: I, confirm: I, revise: 'ok', archive: 'ok' },
  accepted: { release: I, accept: I, decline: I, confirm: 'ok', revise: I, archive: I },
  confirmed: { release: I, accept: I, decline: I, confirm: I, revise: I, archive: I },
  archived: { release: I, accept: I, decline: I, confirm: I, revise: I, archive: I },
  invalidated: { release: I, accept: I, decline: I, confirm: I, revise: I, archive: I },
};
const AFTER: Partial<Record<Action, OfferState>> = { accept: 'ACCEPTED', decline: 'DECLINED', confirm: 'CONFIRMED' };
const CALLERS = ['customer', 'otherCustomer', 'supplier', 'otherSupplier', 'admin', 'external'] as const;
type Caller = (typeof CALLERS)[number];

function run(action: Action, offerId: string, token: string) {
  switch (action) {
    case 'release':
      return release(offerId, token);
    case 'accept':
      return accept(offerId, token);
    case 'decline':
      return decline(offerId, token);
    case 'confirm':
      return confirm(offerId, token);
    case 'revise':
      return revise(offerId, token);
    case 'archive':
      return archive(offerId, token);
  }
}

/** An offer in a setup; `files`: every required document uploaded first (by its side), then the state set. */
async function offerIn(setup: Setup, files: boolean): Promise<Offer> {
  const enquiry = await openEnquiry();
  const o = await storeOffer(supplier, enquiry, { state: 'OPEN', released: true });
  if (files) {
    await withDocument(supplier.token, o.id, 'OFFER');
    await withDocument(customer.token, o.id, 'ORDER');
    await withDocument(supplier.token, o.id, 'ORDER_CONFIRMATION');
  }
  // the uploads listed the documents on the record: the state is set on top of that
  const uploaded = (await new OffersRepository(admin().db).get(o.id))!;
  const stored: Offer = { ...uploaded, ...SETUPS[setup] };
  if (!stored.released) delete stored.releaseDate;
  await admin().db.runTransaction(async (tx) => new OffersRepository(admin().db).setInTx(tx, stored));
  return stored;
}

function expected(setup: Setup, action: Action, caller: Caller, files: boolean): { status: number; code?: string } {
  if (caller === 'admin' || caller === 'external') return { status: 403, code: 'forbidden' };
  const released = SETUPS[setup].released;
  const sees = caller === 'supplier' || (caller === 'customer' && released);
  if (!sees) return { status: 404, code: 'notFound' };
  if (caller !== SIDE[action]) return { status: 403, code: 'forbidden' };
  const verdict = TABLE[setup][action];
  if (verdict !== 'ok') return { status: 409, code: verdict };
  if (!files && REQUIRES[action]) return { status: 422, code: REQUIRES[action] };
  return { status: action === 'revise' ? 201 : 200 };
}

describe('the transition table (every state × action × caller)', () => {
  const tokens = (): Record<Caller, string> => ({
    customer: customer.token,
    otherCustomer: otherCustomer.token,
    supplier: supplier.token,
    otherSupplier: otherSupplier.token,
    admin: w.token('adminUser')!,
    external: w.token('externalUser')!,
  });
  const cases = (Object.keys(SETUPS) as Setup[]).flatMap((setup) =>
    (Object.keys(SIDE) as Action[]).flatMap((action) => {
      const withFile = [{ setup, action, files: true }];
      // without the required file only where the table would allow the action
      return TABLE[setup][action] === 'ok' && REQUIRES[action]
        ? [...withFile, { setup, action, files: false }]
        : withFile;
    }),
  );

  it.each(cases)('$action on $setup (files: $files)', async ({ setup, action, files }) => {
    const o = await offerIn(setup, files);
    // the acting side last, so the refused callers all see the offer unchanged
    const order = [...CALLERS].sort((a, b) => Number(a === SIDE[action]) - Number(b === SIDE[action]));
    for (const caller of order) {
      const res = await run(action, o.id, tokens()[caller]);
      const want = expected(setup, action, caller, files);
      expect(res.status, `${caller}: ${JSON.stringify(res.body)}`).toBe(want.status);
      if (want.code) expect(res.body.code, caller).toBe(want.code);
    }
    const after = (await new OffersRepository(admin().db).get(o.id))!;
    const allowed = expected(setup, action, SIDE[action], files).status < 300;
    expect(after.state).toBe(allowed && AFTER[action] ? AFTER[action] : o.state);
    if (allowed && action === 'release') expect(after.released).toBe(true);
    if (allowed && action === 'archive') expect(after.archived).toBe(true);
    if (allowed && action === 'revise')
      expect(after).toMatchObject({ invalidated: true, nextOfferId: expect.any(String) });
    if (allowed && action === 'accept') expect((await enquiryOf(o.enquiryId)).closed).toBe(true);
    if (!allowed) expect(after).toEqual(o);
  });
});

describe('accept, decline, confirm', () => {
  it('accept closes the enquiry in the same transaction, mails the supplier; other offers then get 409 enquiryClosed', async () => {
    const enquiry = await openEnquiry();
    const mine = await releasedOffer(enquiry);
    const rival = await storeOffer(otherSupplier, enquiry, { released: true });
    await withDocument(customer.token, mine.id, 'ORDER');
    await withDocument(customer.token, rival.id, 'ORDER');
    const res = await accept(mine.id, w.users.customerUser.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.state).toBe('ACCEPTED');
    expect((await enquiryOf(enquiry.id)).closed).toBe(true);
    const mail = (await mailsTo(supplier.mail)).at(-1)!;
    expect(mail.message.subject).toContain(mine.offerNumber);
    expect(mail.message.text).toContain(`/order/${mine.id}`);
    const late = await accept(rival.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('enquiryClosed');
    // an enquiry with an order is not reopened
    const reopen = await post('/enquiry/reopen', { token: customer.token, query: { enquiryId: enquiry.id } });
    expect(reopen.status).toBe(409);
    expect(reopen.body.code).toBe('enquiryHasOrder');
    expect((await enquiryOf(enquiry.id)).closed).toBe(true);
    // the supplier confirms with his ORDER_CONFIRMATION; the customer is told
    expect((await confirm(mine.id)).body.code).toBe('missingOrderConfirmationFile');
    // the customer cannot provide the supplier's ORDER_CONFIRMATION (issue 18: each side's documents are its own)
    const planted = await uploadOfferDocument(customer.token, mine.id, 'ORDER_CONFIRMATION');
    expect([planted.status, planted.body.code]).toEqual([403, 'documentOfOtherSide']);
    expect((await confirm(mine.id)).body.code).toBe('missingOrderConfirmationFile');
    await withDocument(supplier.token, mine.id, 'ORDER_CONFIRMATION');
    const confirmed = await confirm(mine.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.state).toBe('CONFIRMED');
    expect((await mailsTo(customer.mail)).at(-1)!.message.text).toContain(`/job/${mine.id}`);
  });

  it('decline needs a reason, and its text for INDIVIDUAL (400); the supplier is told the reason', async () => {
    const o = await releasedOffer();
    const none = await get('/offer/statechange', {
      token: customer.token,
      query: { offerId: o.id, state: 'DECLINED' },
    });
    expect(none.status).toBe(400);
    const noText = await decline(o.id, customer.token, 'INDIVIDUAL');
    expect(noText.status).toBe(400);
    expect(noText.body.details[0].path).toBe('rejectionReasonIndividual');
    const res = await decline(o.id, customer.token, 'INDIVIDUAL', 'Zu spät für unser Projekt');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'DECLINED',
      rejectionReason: 'INDIVIDUAL',
      rejectionReasonIndividual: 'Zu spät für unser Projekt',
    });
    const mail = (await mailsTo(supplier.mail)).at(-1)!;
    expect(mail.message.subject).toBe(`Angebot abgelehnt: ${o.offerNumber}`);
    expect(mail.message.text).toContain('Zu spät für unser Projekt');
    expect((await byId('GET', '/offer/statechange', o.id, customer.token, { state: 'OPEN' })).status).toBe(400);
  });

  it('two parallel accepts of one offer: exactly one wins', async () => {
    const o = await releasedOffer();
    await withDocument(customer.token, o.id, 'ORDER');
    const answers = await Promise.all([accept(o.id), accept(o.id, w.users.customerUser.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('invalidTransition');
    expect((await read(o.id)).state).toBe('ACCEPTED');
  });

  it('accept racing a revision: exactly one wins', async () => {
    const o = await releasedOffer();
    await withDocument(customer.token, o.id, 'ORDER');
    const [a, r] = await Promise.all([accept(o.id), revise(o.id)]);
    expect([a.status, r.status].filter((s) => s < 300)).toHaveLength(1);
    const after = await read(o.id);
    if (a.status === 200) expect(after).toMatchObject({ state: 'ACCEPTED', invalidated: false });
    else expect(after).toMatchObject({ state: 'OPEN', invalidated: true, nextOfferId: r.body.id });
  });
});

describe('revision and archive', () => {
  it('a declined offer is revised into version 2: same number and fields, documents copied, old one invalidated', async () => {
    const o = await releasedOffer();
    await decline(o.id);
    const res = await revise(o.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const next = res.body as Offer;
    expect(next).toMatchObject({
      version: 2,
      state: 'OPEN',
      released: false,
      offerNumber: o.offerNumber,
      price: o.price,
      previousOfferId: o.id,
      invalidated: false,
    });
    expect(next).not.toHaveProperty('rejectionReason');
    expect(await read(o.id)).toMatchObject({ invalidated: true, nextOfferId: next.id, state: 'DECLINED' });
    const files = await get('/file/names', { token: supplier.token, query: { path: offerDocumentsPath(next.id) } });
    expect(files.body.map((f: { fileType: string }) => f.fileType)).toEqual(['OFFER']);
    // the number stays the chain's: v2 keeps it, nobody else takes it
    const update = await post('/offer/update', {
      token: supplier.token,
      body: { ...offerInput({ offerNumber: o.offerNumber, price: 10 }), id: next.id },
    });
    expect(update.status).toBe(200);
    const taken = await post('/offer/', {
      token: supplier.token,
      body: { ...offerInput({ offerNumber: o.offerNumber }), enquiryId: o.enquiryId },
    });
    expect(taken.body.code).toBe('offerNumberInUse');
    expect((await release(next.id)).status).toBe(200);
    expect((await read(next.id, customer.token)).version).toBe(2);
  });
});

describe('visibility and IDOR', () => {
  it("answers another supplier's offer and an unknown id alike (404), for every call and its files", async () => {
    const o = await releasedOffer();
    const calls = (id: string, token: string) => [
      () => get('/offer/', { token, query: { id } }),
      () => post('/offer/update', { token, body: { ...offerInput(), id } }),
      () => release(id, token),
      () => revise(id, token),
      () => archive(id, token),
      () => confirm(id, token),
      () => get('/file/names', { token, query: { path: offerDocumentsPath(id) } }),
      () => uploadOfferDocument(token, id, 'OFFER'),
    ];
    for (const token of [otherSupplier.token]) {
      for (const [i, f] of calls(o.id, token).entries()) {
        const res = await f();
        expect(res.status, `call ${i}`).toBe(404);
        expect(res.body).toEqual({ code: 'notFound', message: expect.any(String) });
      }
      for (const [i, f] of calls('doesNotExist123', token).entries())
        expect((await f()).status, `unknown ${i}`).toBe(404);
    }
    for (const f of [
      () => get('/offer/', { token: otherCustomer.token, query: { id: o.id } }),
      () => accept(o.id, otherCustomer.token),
      () => decline(o.id, otherCustomer.token),
      () => get('/offer/compare', { token: otherCustomer.token, query: { enquiryId: o.enquiryId } }),
      () => get('/file/names', { token: otherCustomer.token, query: { path: offerDocumentsPath(o.id) } }),
    ])
      expect((await f()).status).toBe(404);
  });

  it("files: each side's metadata; delete only own side's files, never a binding document; no csv", async () => {
    const o = await releasedOffer();
    const names = async (token = supplier.token) =>
      (await get('/file/names', { token, query: { path: offerDocumentsPath(o.id) } })).body as Array<{
        path: string;
        fileType: string;
      }>;
    const offerPdf = (await names()).find((f) => f.fileType === 'OFFER')!;
    expect((await post('/file/delete', { token: supplier.token, query: { path: offerPdf.path } })).body.code).toBe(
      'invalidTransition',
    );
    expect((await post('/file/delete', { token: customer.token, query: { path: offerPdf.path } })).status).toBe(403);
    const order = await uploadOfferDocument(customer.token, o.id, 'ORDER');
    expect(order.status).toBe(201);
    expect((await post('/file/delete', { token: supplier.token, query: { path: order.body.path } })).status).toBe(403);
    const csv = await uploadFile(customer.token, offerDocumentsPath(o.id), 'x.csv', Buffer.from('a;b\n'), 'UNKNOWN');
    expect(csv.status).toBe(415);
    await accept(o.id);
    expect((await post('/file/delete', { token: customer.token, query: { path: order.body.path } })).body.code).toBe(
      'invalidTransition',
    );
    const note = await uploadFile(customer.token, offerDocumentsPath(o.id), 'Notiz.pdf', pdfBytes(), 'UNKNOWN');
    expect((await post('/file/delete', { token: customer.token, query: { path: note.body.path } })).status).toBe(200);
  });
});

describe('GET /offer/filter', () => {
  it('lists by states and search with the counterparty columns; customers only released, revised versions never', async () => {
    const enquiry = await storeEnquiry(customer, { released: true, referenceNumber: 'LISTE-4711' });
    const draft = await create(
      enquiry.id,
      supplier.token,
      offerInput({ referenceNumber: 'LISTE-4711', offerNumber: 'LST-A' }),
    );
    const released = await create(
      enquiry.id,
      supplier.token,
      offerInput({ referenceNumber: 'LISTE-4711', offerNumber: 'LST-B' }),
    );
    await withDocument(supplier.token, released.id, 'OFFER');
    await release(released.id);
    const declined = await storeOffer(supplier, enquiry, {
      released: true,
      state: 'DECLINED',
      referenceNumber: 'LISTE-4711',
    });
    const archived = await storeOffer(supplier, enquiry, {
      released: true,
      archived: true,
      referenceNumber: 'LISTE-4711',
    });
    const revised = await storeOffer(supplier, enquiry, {
      released: true,
      invalidated: true,
      referenceNumber: 'LISTE-4711',
    });
    const accepted = await storeOffer(supplier, enquiry, {
      released: true,
      state: 'ACCEPTED',
      referenceNumber: 'LISTE-4711',
    });
    const list = async (token: string, query: Record<string, string>) => {
      const res = await get('/offer/filter', { token, query: { referenceNumber: 'liste 4711', ...query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { content: Array<Record<string, unknown>>; totalElements: number };
    };
    const supplierOffers = await list(supplier.token, { states: 'OPEN,DECLINED' });
    expect(supplierOffers.content.map((o) => o.id).sort()).toEqual(
      [draft.id, released.id, declined.id, archived.id].sort(),
    );
    expect(supplierOffers.totalElements).toBe(4);
    expect(supplierOffers.content.find((o) => o.id === archived.id)).toMatchObject({ archived: true });
    const row = supplierOffers.content.find((o) => o.id === released.id)!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'offerNumber',
        'referenceNumber',
        'enquiryId',
        'enquiryTitle',
        'supplierName',
        'customerName',
        'price',
        'state',
        'version',
        'released',
        'releaseDate',
        'archived',
        'createDate',
        // where the enquiry stands (issue 18): the list shows offers on a reopened or archived enquiry
        'enquiryStanding',
      ].sort(),
    );
    expect(row).toMatchObject({ customerName: w.companies.CUSTOMER.name, supplierName: w.companies.SUPPLIER.name });
    const orders = await list(supplier.token, { states: 'ACCEPTED' });
    expect(orders.content.map((o) => o.id)).toEqual([accepted.id]);
    const customerOffers = await list(customer.token, { states: 'OPEN,DECLINED' });
    expect(customerOffers.content.map((o) => o.id).sort()).toEqual([released.id, declined.id, archived.id].sort());
    expect(customerOffers.content.map((o) => o.id)).not.toContain(revised.id);
    // search by offer number, sort by it
    const byNumber = await list(supplier.token, { referenceNumber: 'lst', column: 'offerNumber' });
    expect(byNumber.content.map((o) => o.offerNumber)).toEqual(['LST-A', 'LST-B']);
    // inside a word from 3 characters on (issue 32 point 6): "711" and "iste" find LISTE-4711, "st" only LST-*
    expect((await list(supplier.token, { referenceNumber: '711', states: 'OPEN,DECLINED' })).totalElements).toBe(4);
    expect((await list(supplier.token, { referenceNumber: 'iste', states: 'OPEN,DECLINED' })).totalElements).toBe(4);
    const twoLetters = await list(supplier.token, { referenceNumber: 'te', states: 'OPEN,DECLINED' });
    expect(twoLetters.totalElements).toBe(0);
    expect((await list(otherSupplier.token, {})).totalElements).toBe(0);
    expect((await list(otherCustomer.token, {})).totalElements).toBe(0);
    expect((await get('/offer/filter', { token: supplier.token, query: { states: 'LOST' } })).status).toBe(400);
  });
});

describe('comparison and outdated offers', () => {
  it("compares the released, current offers of two suppliers with deviations; the customer's only", async () => {
    const enquiry = await releasedEnquiry(customer);
    const a = await releasedOffer(enquiry);
    const b = await create(
      enquiry.id,
      otherSupplier.token,
      offerInput({ price: 9_000, amount: 5, deliveryCondition: 'DAP', referenceNumber: enquiry.referenceNumber }),
    );
    await withDocument(otherSupplier.token, b.id, 'OFFER');
    await release(b.id, otherSupplier.token);
    await create(enquiry.id, otherSupplier.token); // a draft: not compared
    const res = await get('/offer/compare', { token: w.users.customerUser.token, query: { enquiryId: enquiry.id } });
    expect(res.status).toBe(200);
    expect(res.body.enquiry).toMatchObject({ id: enquiry.id, title: enquiry.title, bomRevision: 1 });
    expect(res.body.offers.map((o: Offer) => o.id)).toEqual([b.id, a.id]);
    const [cheap, dear] = res.body.offers;
    expect(cheap.deviations).toEqual(expect.arrayContaining(['amount', 'deliveryCondition']));
    expect(cheap.deviations).not.toContain('referenceNumber');
    expect(dear.outdated).toBe(false);
    expect((await get('/offer/compare', { token: supplier.token, query: { enquiryId: enquiry.id } })).status).toBe(403);
  });

  it('a newer BOM after the offer marks it outdated and tells its supplier', async () => {
    const enquiry = await releasedEnquiry(customer);
    const o = await releasedOffer(enquiry);
    expect((await read(o.id)).outdated).toBe(false);
    const before = (await mailsTo(supplier.mail)).length;
    expect((await post('/enquiry/reopen', { token: customer.token, query: { enquiryId: enquiry.id } })).status).toBe(
      200,
    );
    expect((await uploadBom(customer.token, enquiry.id)).status).toBe(200);
    expect((await read(o.id)).outdated).toBe(true);
    expect((await read(o.id, customer.token)).outdated).toBe(true);
    const mails = await mailsTo(supplier.mail);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.message.subject).toBe(`Ihr Angebot ist veraltet: ${o.offerNumber}`);
    // once released again (a reopened enquiry takes no revision: issue 18), a revision prices the new BOM
    expect((await post('/enquiry/release', { token: customer.token, query: { enquiryId: enquiry.id } })).status).toBe(
      200,
    );
    const next = (await revise(o.id)).body as Offer;
    expect(next.enquiryBomRevision).toBe(2);
    expect((await read(next.id)).outdated).toBe(false);
  });
});
