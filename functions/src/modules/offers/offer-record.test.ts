import { describe, expect, it } from 'vitest';
import type { Enquiry } from '../../model/enquiry.js';
import { JOB_CONDITION_DEFAULTS } from '../../model/job-conditions.js';
import type { Offer } from '../../model/offer.js';
import {
  isLiveOffer,
  newOffer,
  offerInputOf,
  offerNumberKey,
  offerRoute,
  revisionOf,
  stateChanged,
  termsOf,
  withOfferInput,
} from './offer-record.js';
import { customerListKey, supplierListKey } from './offers.repository.js';

const now = new Date('2026-11-23T10:00:00Z');
const enquiry = {
  ...JOB_CONDITION_DEFAULTS,
  id: 'enq1',
  title: 'Schaltschrank SR-12',
  referenceNumber: 'MM-1',
  deliveryCondition: 'EXW',
  desiredDeliveryDate: '2027-03-15',
  amount: 3,
  additionalInfo: 'Export',
  customerId: 'cust1',
  customerName: 'Müller Maschinenbau GmbH',
  released: true,
  closed: false,
  archived: false,
  invalidated: false,
  bomRevision: 2,
  bomRevisions: [],
  circuitDiagramRevision: 1,
  documents: [],
  supplements: [],
  createdBy: 'u1',
  createDate: now,
  lastUpdate: now,
  changeEntries: [],
} as Enquiry;
const input = offerInputOf({
  ...JOB_CONDITION_DEFAULTS,
  referenceNumber: 'MM-1',
  offerNumber: 'A-1',
  price: 100,
  deliveryCondition: 'DAP',
  desiredDeliveryDate: '2027-04-01',
  amount: 3,
  additionalInfoSupplier: '',
});
const supplier = { uid: 's1', company: { id: 'sup1', name: 'Weber' } } as never;

describe('offer records', () => {
  it('a new offer: OPEN v1 draft, original = the enquiry terms, ids from the records, the revisions priced', () => {
    const o = newOffer(supplier, 'o1', enquiry, input, now);
    expect(o).toMatchObject({
      id: 'o1',
      enquiryId: 'enq1',
      enquiryTitle: 'Schaltschrank SR-12',
      supplierId: 'sup1',
      customerId: 'cust1',
      state: 'OPEN',
      version: 1,
      released: false,
      deliveryCondition: 'DAP',
      additionalInfo: 'Export',
      enquiryBomRevision: 2,
      enquiryCircuitDiagramRevision: 1,
    });
    expect(o.original).toMatchObject({ deliveryCondition: 'EXW', amount: 3, additionalInfo: 'Export' });
    expect(o.original).not.toHaveProperty('title');
    expect(o).not.toHaveProperty('additionalInfoSupplier');
  });

  it('termsOf keeps only the copied fields; withOfferInput replaces the form fields and keeps additionalInfo', () => {
    expect(Object.keys(termsOf(enquiry))).not.toContain('customerId');
    const o = newOffer(supplier, 'o1', enquiry, input, now);
    const edited = withOfferInput(o, offerInputOf({ ...input, price: 5, additionalInfoSupplier: 'x' }));
    expect(edited).toMatchObject({ price: 5, additionalInfoSupplier: 'x', additionalInfo: 'Export', state: 'OPEN' });
    expect(withOfferInput(edited, input)).not.toHaveProperty('additionalInfoSupplier');
  });

  it('a revision: next version, OPEN draft, linked, without the old decline and release', () => {
    const declined: Offer = {
      ...newOffer(supplier, 'o1', enquiry, input, now),
      state: 'DECLINED',
      released: true,
      releaseDate: now,
      rejectionReason: 'INDIVIDUAL',
      rejectionReasonIndividual: 'zu teuer',
    };
    const next = revisionOf(declined, { uid: 's2' }, 'o2', { ...enquiry, bomRevision: 3 }, now);
    expect(next).toMatchObject({ id: 'o2', version: 2, state: 'OPEN', released: false, previousOfferId: 'o1' });
    expect(next).toMatchObject({ offerNumber: 'A-1', price: 100, enquiryBomRevision: 3, createdBy: 's2' });
    for (const f of ['releaseDate', 'rejectionReason', 'rejectionReasonIndividual', 'nextOfferId'])
      expect(next).not.toHaveProperty(f);
  });

  it('routes, number keys, live offers and list keys', () => {
    expect(offerRoute({ id: 'x', state: 'DECLINED' })).toBe('/offer/x');
    expect(offerRoute({ id: 'x', state: 'ACCEPTED' })).toBe('/order/x');
    expect(offerRoute({ id: 'x', state: 'CONFIRMED' })).toBe('/job/x');
    expect(offerNumberKey('s', ' A-1 ')).toBe(offerNumberKey('s', 'a-1'));
    expect(isLiveOffer({ invalidated: false, archived: false, state: 'DECLINED' })).toBe(true);
    expect(isLiveOffer({ invalidated: false, archived: false, state: 'ACCEPTED' })).toBe(false);
    expect(isLiveOffer({ invalidated: true, archived: false, state: 'OPEN' })).toBe(false);
    const o = { supplierId: 's', customerId: 'c', state: 'OPEN' as const, invalidated: false, released: false };
    expect(supplierListKey(o)).toBe('s:OPEN');
    expect(customerListKey(o)).toBeNull();
    expect(customerListKey({ ...o, released: true })).toBe('c:OPEN');
    expect(supplierListKey({ ...o, invalidated: true })).toBeNull();
  });
});

describe('stateChanged: what each state change records (issue 32)', () => {
  const base = { id: 'o1', state: 'OPEN', released: true } as Offer;
  it('accept records the accept and the lapse 14 days later; confirm drops the lapse date', () => {
    const accepted = stateChanged(base, 'accept', {}, now);
    expect(accepted).toMatchObject({
      state: 'ACCEPTED',
      acceptDate: now,
      lapseDate: new Date('2026-12-07T10:00:00Z'),
      lastUpdate: now,
    });
    const confirmed = stateChanged(accepted, 'confirm', {}, now);
    expect(confirmed.state).toBe('CONFIRMED');
    expect(confirmed).not.toHaveProperty('lapseDate');
    expect(confirmed.acceptDate).toEqual(now);
  });

  it("a job's delivery, finish and cancellation record their dates; the cancellation its reason", () => {
    const job = { ...base, state: 'CONFIRMED' } as Offer;
    expect(stateChanged(job, 'deliver', {}, now)).toMatchObject({ state: 'DELIVERED', deliveredDate: now });
    expect(stateChanged(job, 'finish', {}, now)).toMatchObject({ state: 'FINISHED', finishedDate: now });
    expect(stateChanged(job, 'cancel', { cancellationReason: 'gestoppt' }, now)).toMatchObject({
      state: 'CANCELLED',
      cancelledDate: now,
      cancellationReason: 'gestoppt',
    });
    expect(offerRoute({ id: 'o1', state: 'FINISHED' })).toBe('/job/o1');
    expect(offerRoute({ id: 'o1', state: 'LAPSED' })).toBe('/order/o1');
  });
});
