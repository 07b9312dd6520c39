import { describe, expect, it } from 'vitest';
import { principal } from '../testing/principals.js';
import type { Enquiry } from './enquiry.js';
import {
  canArchiveEnquiry,
  canReopenEnquiry,
  canSeeEnquiry,
  enquiryOrderRefusal,
  mayRequestArchive,
  mayRequestReopen,
} from './permissions-enquiries.js';

/** The rules of a closed enquiry and its order (issue 32; docs/decisions-enquiries.md "Closed enquiries"). */
const customer = principal('CUSTOMER');
const otherCustomer = principal('CUSTOMER', { companyId: 'other-customer-co' });
const supplier = principal('SUPPLIER');
const otherSupplier = principal('SUPPLIER', { companyId: 'other-supplier-co' });

type Facts = Pick<Enquiry, 'customerId' | 'released' | 'closed' | 'archived' | 'order'>;
const enquiry = (facts: Partial<Facts> = {}): Facts => ({
  customerId: customer.company.id,
  released: true,
  closed: false,
  archived: false,
  ...facts,
});
const order = (confirmed: boolean) => ({ offerId: 'o1', supplierId: supplier.company.id, confirmed });

describe('enquiryOrderRefusal', () => {
  it('an open enquiry: nothing to refuse', () => {
    expect(enquiryOrderRefusal(enquiry(), 'reopen')).toBeUndefined();
    expect(enquiryOrderRefusal(enquiry(), 'archive')).toBeUndefined();
  });

  it('closed: reopen always refused; archive refused until the order is confirmed (or when unknown)', () => {
    for (const o of [undefined, order(false), order(true)])
      expect(enquiryOrderRefusal(enquiry({ closed: true, order: o }), 'reopen')).toBe('enquiryHasOrder');
    expect(enquiryOrderRefusal(enquiry({ closed: true }), 'archive')).toBe('enquiryHasOrder');
    expect(enquiryOrderRefusal(enquiry({ closed: true, order: order(false) }), 'archive')).toBe('enquiryHasOrder');
    expect(enquiryOrderRefusal(enquiry({ closed: true, order: order(true) }), 'archive')).toBeUndefined();
  });
});

describe('what the web shows = what the server allows', () => {
  it('archive: the customer; a closed enquiry only with a confirmed order; never twice', () => {
    expect(canArchiveEnquiry(customer, enquiry())).toBe(true);
    expect(canArchiveEnquiry(customer, enquiry({ released: false }))).toBe(true);
    expect(canArchiveEnquiry(customer, enquiry({ closed: true, order: order(false) }))).toBe(false);
    expect(canArchiveEnquiry(customer, enquiry({ closed: true, order: order(true) }))).toBe(true);
    expect(canArchiveEnquiry(customer, enquiry({ closed: true, order: order(true), archived: true }))).toBe(false);
    // the 403 part: the customer may ask, the 409 part then refuses
    expect(mayRequestArchive(customer, enquiry({ closed: true, order: order(false) }))).toBe(true);
    for (const caller of [supplier, otherCustomer])
      expect(canArchiveEnquiry(caller, enquiry({ closed: true, order: order(true) }))).toBe(false);
  });

  it('reopen: a released enquiry, never a closed one', () => {
    expect(canReopenEnquiry(customer, enquiry())).toBe(true);
    expect(canReopenEnquiry(customer, enquiry({ closed: true, order: order(true) }))).toBe(false);
    expect(mayRequestReopen(customer, enquiry({ closed: true, order: order(true) }))).toBe(true);
    expect(canReopenEnquiry(customer, enquiry({ released: false }))).toBe(false);
    expect(canReopenEnquiry(supplier, enquiry())).toBe(false);
  });

  it('an archived enquiry: its customer and the supplier of its order see it, nobody else', () => {
    const archived = enquiry({ closed: true, archived: true, order: order(true) });
    expect(canSeeEnquiry(customer, archived)).toBe(true);
    expect(canSeeEnquiry(supplier, archived)).toBe(true);
    expect(canSeeEnquiry(otherSupplier, archived)).toBe(false);
    expect(canSeeEnquiry(otherCustomer, archived)).toBe(false);
    expect(canSeeEnquiry(supplier, enquiry({ archived: true }))).toBe(false);
    expect(canSeeEnquiry(principal('SUPPLIER', { restriction: 'passwordChangeNeeded' }), archived)).toBe(false);
  });
});
