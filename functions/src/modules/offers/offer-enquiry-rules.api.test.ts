import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryFolderPath, type Enquiry } from '../../model/enquiry.js';
import { offerDocumentsPath, type Offer } from '../../model/offer.js';
import { call, get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { releasableEnquiry, releasedEnquiry } from '../enquiries/enquiries-fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { admin, createWorld, disposeClients, type TestUser, type World } from '../../testing/fixtures.js';
import { offerInput, uploadOfferDocument, withDocument } from './offers-fixtures.js';
import { OffersRepository } from './offers.repository.js';

/**
 * The rules BETWEEN the enquiry and its offers, and between a file and the record that needs it, whatever the
 * order of the calls (issue 18; docs/decisions-offers.md): each reproduction of the issue as it answers now, and
 * the races run many times — exactly one outcome, every answer telling the truth.
 */
let w: World;
let customer: TestUser;
let supplier: TestUser;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
});
afterAll(disposeClients);

const RUNS = 6;

const reopen = (enquiryId: string) => post('/enquiry/reopen', { token: customer.token, query: { enquiryId } });
const archiveEnquiry = (enquiryId: string) => post('/enquiry/archive', { token: customer.token, query: { enquiryId } });
const accept = (offerId: string) =>
  post('/offer/statechange', { token: customer.token, query: { offerId, state: 'ACCEPTED' } });
const enquiryRecord = async (id: string) =>
  (await get('/enquiry/', { token: customer.token, query: { id } })).body as Enquiry;
const offerRecord = async (id: string) => (await new OffersRepository(admin().db).get(id))!;
const names = async (token: string, path: string) =>
  ((await get('/file/names', { token, query: { path } })).body as Array<{ filename: string }>).map((f) => f.filename);

/** A released offer on a released enquiry (through the API), optionally with the customer's ORDER pdf. */
async function releasedOffer(opts: { order?: boolean } = {}): Promise<{ enquiry: Enquiry; offer: Offer }> {
  const enquiry = await releasedEnquiry(customer);
  const created = await post('/offer/', { token: supplier.token, body: { ...offerInput(), enquiryId: enquiry.id } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await withDocument(supplier.token, created.body.id, 'OFFER');
  const released = await post('/offer/release', { token: supplier.token, query: { offerId: created.body.id } });
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  if (opts.order) await withDocument(customer.token, created.body.id, 'ORDER');
  return { enquiry, offer: released.body };
}

describe('an offer acts only on an enquiry open for offers', () => {
  it('accept on a reopened or an archived enquiry → 409 enquiryNotOpen, nothing changes', async () => {
    for (const withdraw of [reopen, archiveEnquiry]) {
      const { enquiry, offer } = await releasedOffer({ order: true });
      expect((await withdraw(enquiry.id)).status).toBe(200);
      const res = await accept(offer.id);
      expect([res.status, res.body.code]).toEqual([409, 'enquiryNotOpen']);
      expect((await offerRecord(offer.id)).state).toBe('OPEN');
      expect(await enquiryRecord(enquiry.id)).toMatchObject({ closed: false });
    }
  });

  it('release of a draft offer on a closed or archived enquiry, and a revision on an archived one → 409', async () => {
    // closed by an order on another offer
    const { enquiry, offer } = await releasedOffer({ order: true });
    const draft = await post('/offer/', {
      token: w.users.supplierUser.token,
      body: { ...offerInput({ offerNumber: 'ZWEI-1' }), enquiryId: enquiry.id },
    });
    await withDocument(supplier.token, draft.body.id, 'OFFER');
    expect((await accept(offer.id)).status).toBe(200);
    const closed = await post('/offer/release', { token: supplier.token, query: { offerId: draft.body.id } });
    expect([closed.status, closed.body.code]).toEqual([409, 'enquiryClosed']);

    const other = await releasedOffer();
    const otherDraft = await post('/offer/', {
      token: supplier.token,
      body: { ...offerInput({ offerNumber: 'ZWEI-2' }), enquiryId: other.enquiry.id },
    });
    await withDocument(supplier.token, otherDraft.body.id, 'OFFER');
    await post('/offer/statechange', {
      token: customer.token,
      query: { offerId: other.offer.id, state: 'DECLINED', rejectionReason: 'PRICE_NOT_AS_EXPECTED' },
    });
    expect((await archiveEnquiry(other.enquiry.id)).status).toBe(200);
    const archived = await post('/offer/release', { token: supplier.token, query: { offerId: otherDraft.body.id } });
    expect([archived.status, archived.body.code]).toEqual([409, 'enquiryNotOpen']);
    const revised = await post('/offer/revision', { token: supplier.token, query: { offerId: other.offer.id } });
    expect([revised.status, revised.body.code]).toEqual([409, 'enquiryNotOpen']);
    // a decline stays possible: the customer's answer (here to the archived enquiry's offers)
    expect((await offerRecord(other.offer.id)).state).toBe('DECLINED');
  });

  it('a revision never shows the supplier the customer’s unpublished draft (the reopened enquiry refuses first)', async () => {
    const { enquiry, offer } = await releasedOffer();
    await post('/offer/statechange', {
      token: customer.token,
      query: { offerId: offer.id, state: 'DECLINED', rejectionReason: 'PRICE_NOT_AS_EXPECTED' },
    });
    expect((await reopen(enquiry.id)).status).toBe(200);
    const edited = await post('/enquiry/update', {
      token: customer.token,
      body: { ...(await enquiryRecord(enquiry.id)), title: 'Geheimer Entwurf', amount: 99 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const res = await post('/offer/revision', { token: supplier.token, query: { offerId: offer.id } });
    expect([res.status, res.body.code]).toEqual([409, 'enquiryNotOpen']);
    expect(JSON.stringify(res.body)).not.toContain('Geheimer Entwurf');
    expect((await get('/enquiry/', { token: supplier.token, query: { id: enquiry.id } })).status).toBe(404);
  });

  it('the offers show where their enquiry stands (list and record), and a release after a reopen outdates them', async () => {
    const { enquiry, offer } = await releasedOffer();
    expect((await reopen(enquiry.id)).status).toBe(200);
    const list = await get('/offer/filter', { token: supplier.token, query: { paginationSize: '30' } });
    const row = list.body.content.find((o: Offer) => o.id === offer.id);
    expect(row.enquiryStanding).toBe('reopened');
    expect((await get('/offer/', { token: supplier.token, query: { id: offer.id } })).body).toMatchObject({
      enquiryStanding: 'reopened',
      outdated: false,
    });
    const again = await post('/enquiry/release', { token: customer.token, query: { enquiryId: enquiry.id } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await get('/offer/', { token: supplier.token, query: { id: offer.id } })).body).toMatchObject({
      enquiryStanding: 'open',
      outdated: true,
    });
  });
});

describe('races: exactly one outcome, every answer true', () => {
  it('reopen vs accept, archive vs accept: one wins, the other is refused, the records agree', async () => {
    for (const [name, withdraw] of [
      ['reopen', reopen],
      ['archive', archiveEnquiry],
    ] as const) {
      for (let run = 0; run < RUNS; run++) {
        const { enquiry, offer } = await releasedOffer({ order: true });
        const [w1, a1] = await Promise.all([withdraw(enquiry.id), accept(offer.id)]);
        expect([w1.status, a1.status].sort(), `${name} run ${run}: ${JSON.stringify([w1.body, a1.body])}`).toEqual([
          200, 409,
        ]);
        const e = await enquiryRecord(enquiry.id);
        const o = await offerRecord(offer.id);
        if (a1.status === 200) {
          expect(w1.body.code).toBe('enquiryHasOrder');
          expect([o.state, e.closed, e.released, e.archived]).toEqual(['ACCEPTED', true, true, false]);
        } else {
          expect(a1.body.code).toBe('enquiryNotOpen');
          expect(o.state).toBe('OPEN');
          expect(e.closed).toBe(false);
          expect(name === 'reopen' ? !e.released : e.archived).toBe(true);
        }
      }
    }
  });

  it('delete of the ORDER vs accept: accepted with its ORDER, or deleted and refused (422) — never both', async () => {
    for (let run = 0; run < RUNS; run++) {
      const { offer } = await releasedOffer({ order: true });
      const path = `${offerDocumentsPath(offer.id)}ORDER.pdf`;
      const [del, acc] = await Promise.all([
        post('/file/delete', { token: customer.token, query: { path } }),
        accept(offer.id),
      ]);
      const listed = await names(customer.token, offerDocumentsPath(offer.id));
      const o = await offerRecord(offer.id);
      if (acc.status === 200) {
        expect([del.status, del.body.code], `run ${run}`).toEqual([409, 'invalidTransition']);
        expect(listed).toContain('ORDER.pdf');
        expect(o.state).toBe('ACCEPTED');
        expect((await get('/file/', { token: customer.token, query: { path } })).status).toBe(200);
      } else {
        expect([acc.status, acc.body.code, del.status], `run ${run}`).toEqual([422, 'missingOrderFile', 200]);
        expect(listed).not.toContain('ORDER.pdf');
        expect(o.state).toBe('OPEN');
      }
    }
  });

  it('delete of the only circuit diagram vs release: released with it, or deleted and refused (422) — never both', async () => {
    for (let run = 0; run < RUNS; run++) {
      const draft = await releasableEnquiry(customer);
      const path = `${enquiryFolderPath('documents', draft.id)}Schaltplan.pdf`;
      const [del, rel] = await Promise.all([
        post('/file/delete', { token: customer.token, query: { path } }),
        post('/enquiry/release', { token: customer.token, query: { enquiryId: draft.id } }),
      ]);
      const listed = await names(customer.token, enquiryFolderPath('documents', draft.id));
      const e = await enquiryRecord(draft.id);
      if (rel.status === 200) {
        expect([del.status, del.body.code], `run ${run}`).toEqual([409, 'enquiryLocked']);
        expect(listed).toEqual(['Schaltplan.pdf']);
        expect(e.released).toBe(true);
        expect((await get('/file/', { token: customer.token, query: { path } })).status).toBe(200);
      } else {
        expect([rel.status, rel.body.code, del.status], `run ${run}`).toEqual([422, 'missingCircuitDiagram', 200]);
        expect(listed).toEqual([]);
        expect(e.released).toBe(false);
      }
    }
  });
});

describe('each side’s documents are its own', () => {
  it('the customer cannot plant an OFFER or ORDER_CONFIRMATION, the supplier no ORDER; the list names the uploader', async () => {
    const { offer } = await releasedOffer({ order: true });
    for (const [token, type] of [
      [customer.token, 'OFFER'],
      [customer.token, 'ORDER_CONFIRMATION'],
      [supplier.token, 'ORDER'],
    ] as const) {
      const res = await uploadOfferDocument(token, offer.id, type, `Fremd-${type}.pdf`);
      expect([res.status, res.body.code], type).toEqual([403, 'documentOfOtherSide']);
    }
    const files = (await get('/file/names', { token: customer.token, query: { path: offerDocumentsPath(offer.id) } }))
      .body as Array<{ filename: string; side: string; uploadedByName: string }>;
    expect(files.map((f) => [f.filename, f.side, f.uploadedByName])).toEqual([
      ['OFFER.pdf', 'supplier', `${supplier.user.name} ${supplier.user.lastname}`],
      ['ORDER.pdf', 'customer', `${customer.user.name} ${customer.user.lastname}`],
    ]);
    // nothing of the refused uploads is stored
    const stored = await admin().db.collection('offers').doc(offer.id).get();
    expect((stored.get('documents') as unknown[]).length).toBe(2);
  });
});

describe('calls with effects never run on HEAD; strict queries', () => {
  it('HEAD answers 405 for every route, the state is unchanged', async () => {
    const { enquiry, offer } = await releasedOffer({ order: true });
    for (const [path, query] of [
      ['/offer/statechange', { offerId: offer.id, state: 'DECLINED', rejectionReason: 'PRICE_NOT_AS_EXPECTED' }],
      ['/offer/revision', { offerId: offer.id }],
      ['/enquiry/reopen', { enquiryId: enquiry.id }],
      ['/offer/', { id: offer.id }],
    ] as const) {
      const res = await call('HEAD', path, { token: supplier.token, query });
      expect([path, res.status, res.headers.get('allow')]).toEqual([path, 405, 'GET, POST']);
    }
    expect((await offerRecord(offer.id)).state).toBe('OPEN');
    expect((await offerRecord(offer.id)).invalidated).toBe(false);
    expect((await enquiryRecord(enquiry.id)).released).toBe(true);
  });

  it('a repeated scalar query value answers 400', async () => {
    const twice = await fetch(new URL('/api/offer/filter?page=1&page=2', HOSTS.portal), {
      headers: { authorization: `Bearer ${supplier.token}` },
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({
      code: 'validation',
      details: [{ path: 'page', key: 'validation.type' }],
    });
  });

  it('the supplier’s view of an enquiry names no staff of the customer', async () => {
    const enquiry = await releasedEnquiry(customer);
    const seen = (await get('/enquiry/', { token: supplier.token, query: { id: enquiry.id } })).body;
    expect(seen).not.toHaveProperty('createdBy');
    expect(seen).not.toHaveProperty('changeEntries');
    expect(seen.bomRevisions.length).toBeGreaterThan(0);
    for (const r of seen.bomRevisions) expect(r).not.toHaveProperty('uploadedBy');
    expect(JSON.stringify(seen)).not.toContain(customer.user.id);
  });
});
