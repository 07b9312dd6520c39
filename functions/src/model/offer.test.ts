import { describe, expect, it } from 'vitest';
import type { DocumentType, FileFact } from './files.js';
import {
  declineSchema,
  enquiryRefusal,
  enquiryStanding,
  isBindingDocument,
  isOfferOutdated,
  mayProvideDocument,
  missingDocument,
  offerInputSchema,
  type Offer,
} from './offer.js';
import { transitionRefusal, type OfferSide } from './offer-states.js';
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
    await expect(offerInputSchema.validate({ ...base, price: 1.005 })).rejects.toThrow('validation.decimals');
    await expect(offerInputSchema.validate({ ...base, price: -1 })).rejects.toThrow('validation.min');
  });

  it('marks an offer outdated when the enquiry has a newer BOM or circuit diagram', () => {
    const o = { enquiryBomRevision: 1, enquiryCircuitDiagramRevision: 1 };
    expect(isOfferOutdated(o, { bomRevision: 1, circuitDiagramRevision: 1 })).toBe(false);
    expect(isOfferOutdated(o, { bomRevision: 2, circuitDiagramRevision: 1 })).toBe(true);
    expect(isOfferOutdated(o, { bomRevision: 1, circuitDiagramRevision: 2 })).toBe(true);
  });
});

describe('offer documents (the record lists them; only the providing side counts)', () => {
  const fact = (documentType: DocumentType, side: OfferSide, name = `${documentType}.pdf`): FileFact => ({
    name,
    documentType,
    side,
    uploadedByName: 'Erika Muster',
    uploadDate: new Date(0),
  });
  it('a required document is a PDF of the type from the side that provides it', () => {
    expect(missingDocument({ documents: [fact('OFFER', 'supplier')] }, 'release')).toBeUndefined();
    expect(missingDocument({ documents: [fact('OFFER', 'customer')] }, 'release')).toBe('missingOfferFile');
    expect(missingDocument({ documents: [fact('OFFER', 'supplier', 'Angebot.docx')] }, 'release')).toBe(
      'missingOfferFile',
    );
    expect(missingDocument({ documents: [fact('ORDER', 'customer')] }, 'accept')).toBeUndefined();
    expect(missingDocument({ documents: [fact('ORDER', 'supplier')] }, 'accept')).toBe('missingOrderFile');
    expect(missingDocument({ documents: [] }, 'confirm')).toBe('missingOrderConfirmationFile');
    expect(missingDocument({ documents: [] }, 'decline')).toBeUndefined();
  });
  it('each side provides its own binding documents; any other type either side', () => {
    expect(mayProvideDocument('supplier', 'OFFER')).toBe(true);
    expect(mayProvideDocument('customer', 'OFFER')).toBe(false);
    expect(mayProvideDocument('customer', 'ORDER_CONFIRMATION')).toBe(false);
    expect(mayProvideDocument('supplier', 'ORDER')).toBe(false);
    expect(mayProvideDocument('customer', 'ORDER')).toBe(true);
    expect(mayProvideDocument('customer', 'UNKNOWN')).toBe(true);
    expect(mayProvideDocument('supplier', 'CIRCUIT_DIAGRAM')).toBe(true);
  });
  it('binding documents: the released OFFER, the ORDER of an order or job, the ORDER_CONFIRMATION of a job', () => {
    expect(isBindingDocument({ released: true, state: 'OPEN' }, fact('OFFER', 'supplier'))).toBe(true);
    expect(isBindingDocument({ released: false, state: 'OPEN' }, fact('OFFER', 'supplier'))).toBe(false);
    expect(isBindingDocument({ released: true, state: 'OPEN' }, fact('ORDER', 'customer'))).toBe(false);
    expect(isBindingDocument({ released: true, state: 'ACCEPTED' }, fact('ORDER', 'customer'))).toBe(true);
    expect(isBindingDocument({ released: true, state: 'ACCEPTED' }, fact('ORDER', 'supplier'))).toBe(false);
    expect(isBindingDocument({ released: true, state: 'ACCEPTED' }, fact('ORDER_CONFIRMATION', 'supplier'))).toBe(
      false,
    );
    expect(isBindingDocument({ released: true, state: 'CONFIRMED' }, fact('ORDER_CONFIRMATION', 'supplier'))).toBe(
      true,
    );
    expect(isBindingDocument({ released: true, state: 'CONFIRMED' }, fact('UNKNOWN', 'supplier'))).toBe(false);
  });
  it('the enquiry must be open for release, accept, revise, create and update; never for decline, confirm, archive', () => {
    expect(enquiryStanding({ released: true, closed: false, archived: false })).toBe('open');
    expect(enquiryStanding({ released: false, closed: false, archived: false })).toBe('reopened');
    expect(enquiryStanding({ released: true, closed: true, archived: false })).toBe('closed');
    expect(enquiryStanding({ released: true, closed: true, archived: true })).toBe('archived');
    for (const action of ['release', 'accept', 'revise', 'create', 'update'] as const) {
      expect(enquiryRefusal('open', action)).toBeUndefined();
      expect(enquiryRefusal('reopened', action)).toBe('enquiryNotOpen');
      expect(enquiryRefusal('archived', action)).toBe('enquiryNotOpen');
      expect(enquiryRefusal('closed', action)).toBe('enquiryClosed');
    }
    for (const action of ['decline', 'confirm', 'archive'] as const)
      for (const standing of ['reopened', 'archived', 'closed'] as const)
        expect(enquiryRefusal(standing, action)).toBeUndefined();
  });
});
