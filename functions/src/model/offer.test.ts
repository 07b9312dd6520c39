import { describe, expect, it } from 'vitest';
import { declineSchema, isOfferOutdated, offerInputSchema, transitionRefusal, type Offer } from './offer.js';
import { canActOnOffer, canSeeOffer, offerSide } from './permissions-offers.js';
import type { Principal } from './user.js';

const offer = (o: Partial<Offer> = {}) =>
  ({
    supplierId: 'sup',
    customerId: 'cus',
    state: 'OPEN',
    released: true,
    archived: false,
    invalidated: false,
    ...o,
  }) as Offer;
const caller = (companyType: Principal['companyType'], id: string) =>
  ({ companyType, company: { id } }) as Pick<Principal, 'companyType' | 'company' | 'restriction'>;

describe('offer transition table', () => {
  it('allows each action only from its states and release state', () => {
    expect(transitionRefusal(offer({ released: false }), 'release')).toBeUndefined();
    expect(transitionRefusal(offer(), 'release')).toBe('offerReleased');
    expect(transitionRefusal(offer({ released: false }), 'accept')).toBe('offerNotReleased');
    expect(transitionRefusal(offer(), 'accept')).toBeUndefined();
    expect(transitionRefusal(offer({ state: 'DECLINED' }), 'accept')).toBe('invalidTransition');
    expect(transitionRefusal(offer({ state: 'ACCEPTED' }), 'confirm')).toBeUndefined();
    expect(transitionRefusal(offer({ state: 'CONFIRMED' }), 'confirm')).toBe('invalidTransition');
    expect(transitionRefusal(offer({ state: 'DECLINED' }), 'revise')).toBeUndefined();
    expect(transitionRefusal(offer({ state: 'ACCEPTED' }), 'archive')).toBe('invalidTransition');
    expect(transitionRefusal(offer({ invalidated: true }), 'accept')).toBe('invalidTransition');
  });

  it('lets only the acting side act, and hides drafts from the customer', () => {
    const supplier = caller('SUPPLIER', 'sup');
    const customer = caller('CUSTOMER', 'cus');
    expect(offerSide(supplier, offer())).toBe('supplier');
    expect(offerSide(caller('SUPPLIER', 'other'), offer())).toBeUndefined();
    expect(canActOnOffer(customer, offer(), 'accept')).toBe(true);
    expect(canActOnOffer(supplier, offer(), 'accept')).toBe(false);
    expect(canActOnOffer(supplier, offer({ state: 'ACCEPTED' }), 'confirm')).toBe(true);
    expect(canSeeOffer(customer, offer({ released: false }))).toBe(false);
    expect(canSeeOffer(caller('CUSTOMER', 'other'), offer())).toBe(false);
  });
});

describe('offer schemas', () => {
  it('needs a reason text for INDIVIDUAL and two decimals at most for the price', async () => {
    await expect(declineSchema.validate({ rejectionReason: 'INDIVIDUAL' })).rejects.toThrow('validation.required');
    await expect(declineSchema.validate({ rejectionReason: 'PROJECT_NOT_REALIZED' })).resolves.toBeTruthy();
    const base = {
      offerNumber: 'A-1',
      deliveryCondition: 'DAP',
      desiredDeliveryDate: '2027-03-01',
      amount: 1,
      referenceNumber: 'R',
    };
    await expect(offerInputSchema.validate({ ...base, price: 1234.56 })).resolves.toMatchObject({ price: 1234.56 });
    await expect(offerInputSchema.validate({ ...base, price: 1.005 })).rejects.toThrow('validation.type');
    await expect(offerInputSchema.validate({ ...base, price: -1 })).rejects.toThrow('validation.min');
  });

  it('marks an offer outdated when the enquiry has a newer BOM or circuit diagram', () => {
    const o = { enquiryBomRevision: 1, enquiryCircuitDiagramRevision: 1 };
    expect(isOfferOutdated(o, { bomRevision: 1, circuitDiagramRevision: 1 })).toBe(false);
    expect(isOfferOutdated(o, { bomRevision: 2, circuitDiagramRevision: 1 })).toBe(true);
    expect(isOfferOutdated(o, { bomRevision: 1, circuitDiagramRevision: 2 })).toBe(true);
  });
});
