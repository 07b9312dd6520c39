import { describe, expect, it } from 'vitest';
import type { Offer } from './offer.js';
import { isBindingDocument, stateChangeSchema } from './offer.js';
import {
  isJobState,
  OFFER_LIST_DEFAULT_STATES,
  OFFER_LIST_STATES,
  OFFER_STATES,
  orderDeadlines,
  transitionRefusal,
  type OfferAction,
  type OfferState,
} from './offer-states.js';
import { canActOnOffer } from './permissions-offers.js';
import type { Principal } from './user.js';
import type { FileFact } from './files.js';

const offer = (state: OfferState, o: Partial<Offer> = {}) =>
  ({
    supplierId: 'sup',
    customerId: 'cus',
    state,
    released: true,
    archived: false,
    invalidated: false,
    ...o,
  }) as Offer;
const supplier = { companyType: 'SUPPLIER', company: { id: 'sup' } } as Pick<
  Principal,
  'companyType' | 'company' | 'restriction'
>;
const customer = { companyType: 'CUSTOMER', company: { id: 'cus' } } as Pick<
  Principal,
  'companyType' | 'company' | 'restriction'
>;

describe('a job ends, an order lapses (issue 32)', () => {
  const allowed: Array<[OfferAction, OfferState[]]> = [
    ['deliver', ['CONFIRMED']],
    ['finish', ['CONFIRMED', 'DELIVERED']],
    ['cancel', ['CONFIRMED']],
    ['lapse', ['ACCEPTED']],
  ];
  it.each(allowed)('%s only from %j; FINISHED, CANCELLED and LAPSED are final', (action, from) => {
    for (const state of OFFER_STATES)
      expect(transitionRefusal(offer(state), action), `${action} from ${state}`).toBe(
        from.includes(state) ? undefined : 'invalidTransition',
      );
    expect(transitionRefusal(offer(from[0]!, { archived: true }), action)).toBe('invalidTransition');
    expect(transitionRefusal(offer(from[0]!, { invalidated: true }), action)).toBe('invalidTransition');
  });

  it('no caller ends a final state', () => {
    const actions: OfferAction[] = ['accept', 'decline', 'confirm', 'revise', 'archive', 'deliver', 'finish', 'cancel'];
    for (const state of ['FINISHED', 'CANCELLED', 'LAPSED'] as const)
      for (const action of actions) {
        expect(canActOnOffer(supplier, offer(state), action), `${action} ${state}`).toBe(false);
        expect(canActOnOffer(customer, offer(state), action), `${action} ${state}`).toBe(false);
      }
  });

  it('the supplier delivers, the customer finishes and cancels; nobody lapses an order by hand', () => {
    expect(canActOnOffer(supplier, offer('CONFIRMED'), 'deliver')).toBe(true);
    expect(canActOnOffer(customer, offer('CONFIRMED'), 'deliver')).toBe(false);
    expect(canActOnOffer(customer, offer('DELIVERED'), 'finish')).toBe(true);
    expect(canActOnOffer(supplier, offer('DELIVERED'), 'finish')).toBe(false);
    expect(canActOnOffer(customer, offer('CONFIRMED'), 'cancel')).toBe(true);
    expect(canActOnOffer(supplier, offer('CONFIRMED'), 'cancel')).toBe(false);
    expect(canActOnOffer(customer, offer('ACCEPTED'), 'lapse')).toBe(false);
    expect(canActOnOffer(supplier, offer('ACCEPTED'), 'lapse')).toBe(false);
  });

  it('the list views: every state in exactly one view; the defaults leave ended jobs and lapsed orders out', () => {
    expect(Object.values(OFFER_LIST_STATES).flat().sort()).toEqual([...OFFER_STATES].sort());
    expect(OFFER_LIST_DEFAULT_STATES).toEqual({
      offer: ['OPEN', 'DECLINED'],
      order: ['ACCEPTED'],
      job: ['CONFIRMED', 'DELIVERED'],
    });
    expect(OFFER_STATES.filter(isJobState)).toEqual(['CONFIRMED', 'DELIVERED', 'FINISHED', 'CANCELLED']);
  });

  it('the reminder after 7 days, the lapse after 14', () => {
    const accepted = new Date('2026-03-20T10:00:00Z');
    expect(orderDeadlines(accepted)).toEqual({
      reminderDate: new Date('2026-03-27T10:00:00Z'),
      lapseDate: new Date('2026-04-03T10:00:00Z'),
    });
  });

  it('the ORDER of a lapsed order and the ORDER_CONFIRMATION of every job stay binding', () => {
    const order: FileFact = { name: 'b.pdf', documentType: 'ORDER', side: 'customer' } as FileFact;
    const confirmation: FileFact = { name: 'ab.pdf', documentType: 'ORDER_CONFIRMATION', side: 'supplier' } as FileFact;
    expect(isBindingDocument(offer('LAPSED'), order)).toBe(true);
    expect(isBindingDocument(offer('CANCELLED'), order)).toBe(true);
    expect(isBindingDocument(offer('FINISHED'), confirmation)).toBe(true);
    expect(isBindingDocument(offer('DELIVERED'), confirmation)).toBe(true);
    expect(isBindingDocument(offer('LAPSED'), confirmation)).toBe(false);
  });

  it('a cancellation needs its reason; other states strip it', async () => {
    await expect(stateChangeSchema.validate({ offerId: 'o1', state: 'CANCELLED' })).rejects.toMatchObject({
      path: 'cancellationReason',
      message: 'validation.required',
    });
    await expect(
      stateChangeSchema.validate({ offerId: 'o1', state: 'CANCELLED', cancellationReason: '  ' }),
    ).rejects.toMatchObject({ path: 'cancellationReason' });
    expect(
      await stateChangeSchema.validate(
        { offerId: 'o1', state: 'DELIVERED', cancellationReason: 'x' },
        { stripUnknown: true },
      ),
    ).toEqual({ offerId: 'o1', state: 'DELIVERED' });
    await expect(stateChangeSchema.validate({ offerId: 'o1', state: 'LAPSED' })).rejects.toMatchObject({
      path: 'state',
    });
  });
});
