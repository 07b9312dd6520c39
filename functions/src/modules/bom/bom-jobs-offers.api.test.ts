import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomMappingProposal } from '../../model/bom-job.js';
import { get, post } from '../../testing/api-client.js';
import { uploadBom } from '../enquiries/enquiries-fixtures.js';
import { createCompany, createUser, createWorld, disposeClients, type TestUser } from '../../testing/fixtures.js';
import { BOM_CSV_MAPPING, bomOffer, mapOfferBom } from './bom-job-fixtures.js';

/**
 * The offer's BOM over HTTP (`offerId` on the BOM calls; docs/decisions-bom.md "Offers"): the offer's supplier maps
 * and matches the enquiry revision his offer priced, on an unreleased draft; who else is refused. The access rows
 * are in bom.access.ts.
 */
let customer: TestUser;
let supplier: TestUser;
let otherSupplier: TestUser;

beforeAll(async () => {
  const w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
  otherSupplier = await createUser(await createCompany('SUPPLIER', { name: 'Fremdlieferant BOM GmbH' }));
});
afterAll(disposeClients);

const ref = (o: { id: string; enquiryId: string }) => ({ enquiryId: o.enquiryId, offerId: o.id });
const lines = (token: string, o: { id: string; enquiryId: string }) =>
  get('/enquiry/bom/lines', { token, query: ref(o) });

describe('the offer BOM (offerId)', () => {
  it('the supplier maps his draft offer’s BOM: the job is the offer’s, the enquiry stays unmapped', async () => {
    const offer = await bomOffer(customer, supplier);
    const proposal = await get<BomMappingProposal>('/enquiry/bom/mapping', {
      token: supplier.token,
      query: ref(offer),
    });
    expect(proposal.status).toBe(200);
    expect(proposal.body.headers).toEqual(['Pos', 'Artikelnummer', 'Hersteller', 'Menge']);
    expect(proposal.body.source).not.toBe('saved');
    // Update header of the offer's panel: the proposal for another header row, nothing saved on the enquiry
    const row1 = await get<BomMappingProposal>('/enquiry/bom/mapping', {
      token: supplier.token,
      query: { ...ref(offer), headerRowIndex: '1' },
    });
    expect(row1.status).toBe(200);
    expect(row1.body.bomHeaderRowIndex).toBe(1);
    expect(row1.body.headers).not.toEqual(proposal.body.headers);

    const mapped = await mapOfferBom(supplier.token, offer);
    expect(mapped.status).toBe(200);
    expect(mapped.body.offer.id).toBe(offer.id);
    expect(mapped.body.enquiry).toBeUndefined();
    expect(mapped.body.summary.revision).toBe(offer.enquiryBomRevision);
    expect(mapped.body.summary.lineCount).toBe(mapped.body.lines.totalElements);
    expect(mapped.body.lines.totalElements).toBeGreaterThan(0);
    // suppliers get the estimate
    expect(mapped.body.summary.estimate).toBeDefined();

    const page = await lines(supplier.token, offer);
    expect(page.status).toBe(200);
    expect(page.body.totalElements).toBe(mapped.body.lines.totalElements);
    // the next Map panel opens with the supplier's saved mapping
    const again = await get<BomMappingProposal>('/enquiry/bom/mapping', { token: supplier.token, query: ref(offer) });
    expect(again.body.source).toBe('saved');
    expect(again.body.mapping.map((m) => m.articleField)).toEqual(BOM_CSV_MAPPING.map((m) => m.articleField));
    // the enquiry's own BOM is not mapped by the offer's mapping
    const enquiryLines = await get('/enquiry/bom/lines', {
      token: customer.token,
      query: { enquiryId: offer.enquiryId, page: '0', paginationSize: '10' },
    });
    expect(enquiryLines.status).toBe(409);
    expect(enquiryLines.body.code).toBe('bomNotMapped');
  });

  it('the supplier edits a line of his draft and downloads the supplier format', async () => {
    const offer = await bomOffer(customer, supplier, { map: true });
    const edit = await post('/enquiry/bom/line', {
      token: supplier.token,
      body: { ...ref(offer), lineId: '0000003', quantity: 7 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.line.quantity).toBe(7);
    expect(edit.body.line.edited).toBe(true);
    const page = await lines(supplier.token, offer);
    expect(page.body.content.find((l: { id: string }) => l.id === '0000003').quantity).toBe(7);

    const file = await get('/enquiry/bom/generated', { token: supplier.token, query: ref(offer) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Lieferant');
    expect(file.bytes.toString('utf8')).toContain('Listenpreis pro Stück');
  });

  it('keeps the revision the offer priced when the enquiry is reopened and gets a new BOM revision', async () => {
    const offer = await bomOffer(customer, supplier, { map: true });
    const before = await lines(supplier.token, offer);
    // the customer reopens his enquiry and uploads a new BOM (revision 2)
    expect(
      (await post('/enquiry/reopen', { token: customer.token, query: { enquiryId: offer.enquiryId } })).status,
    ).toBe(200);
    const rows = ['Pos;Artikelnummer;Hersteller;Menge', '1;NEU-1;X;1'].join('\r\n');
    const up = await uploadBom(customer.token, offer.enquiryId, 'Neu.csv', Buffer.from(rows, 'utf8'));
    expect(up.status).toBe(200);
    expect(up.body.bomRevision).toBeGreaterThan(offer.enquiryBomRevision);
    const after = await lines(supplier.token, offer);
    expect(after.status).toBe(200);
    expect(after.body.totalElements).toBe(before.body.totalElements);
    expect(after.body.summary.bomFileName).toBe(before.body.summary.bomFileName);
    // a reopened enquiry takes no offer changes: the supplier maps again once it is released
    const refused = await mapOfferBom(supplier.token, offer);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('enquiryNotOpen');
  });

  it('refuses another supplier (404), the customer (404 on a draft, 403 on a released offer)', async () => {
    const offer = await bomOffer(customer, supplier, { map: true });
    for (const token of [otherSupplier.token, customer.token]) {
      expect((await mapOfferBom(token, offer)).status).toBe(404);
      expect((await lines(token, offer)).status).toBe(404);
      expect((await get('/enquiry/bom/mapping', { token, query: ref(offer) })).status).toBe(404);
    }
    const released = await bomOffer(customer, supplier, { map: true, overrides: { released: true } });
    expect((await lines(customer.token, released)).status).toBe(403);
    expect((await get('/enquiry/bom/generated', { token: customer.token, query: ref(released) })).status).toBe(403);
    expect((await mapOfferBom(customer.token, released)).status).toBe(403);
    expect((await lines(otherSupplier.token, released)).status).toBe(404);
  });

  it('a released offer offers only reading: map, mapping and line edits answer 409 offerReleased', async () => {
    const offer = await bomOffer(customer, supplier, { map: true, overrides: { released: true } });
    const mapped = await mapOfferBom(supplier.token, offer);
    expect(mapped.status).toBe(409);
    expect(mapped.body.code).toBe('offerReleased');
    const proposal = await get('/enquiry/bom/mapping', { token: supplier.token, query: ref(offer) });
    expect(proposal.status).toBe(409);
    const edit = await post('/enquiry/bom/line', {
      token: supplier.token,
      body: { ...ref(offer), lineId: '0000003', quantity: 2 },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('offerReleased');
    expect((await lines(supplier.token, offer)).status).toBe(200);
    expect((await get('/enquiry/bom/generated', { token: supplier.token, query: ref(offer) })).status).toBe(200);
  });

  it('answers 404 when the offer is not on the enquiry named, 409 bomNotMapped before the first map, the summary null', async () => {
    const offer = await bomOffer(customer, supplier);
    const second = await bomOffer(customer, supplier);
    const wrong = await lines(supplier.token, { id: offer.id, enquiryId: second.enquiryId });
    expect(wrong.status).toBe(404);
    const unmapped = await lines(supplier.token, offer);
    expect(unmapped.status).toBe(409);
    expect(unmapped.body.code).toBe('bomNotMapped');
    const none = await get('/enquiry/bom/summary', { token: supplier.token, query: ref(offer) });
    expect(none.status).toBe(200);
    expect(none.body.summary).toBeNull();
    await mapOfferBom(supplier.token, offer);
    const some = await get('/enquiry/bom/summary', { token: supplier.token, query: ref(offer) });
    expect(some.body.summary.lineCount).toBeGreaterThan(0);
    expect(some.body.summary.estimate).toBeDefined();
  });
});
