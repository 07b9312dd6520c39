import { describe, expect, it } from 'vitest';
import { principal } from '../testing/principals.js';
import type { Enquiry } from './enquiry.js';
import {
  canAddSupplement,
  enquirySupplementsPath,
  supplementRefusal,
  supplementStateRefusal,
  SUPPLEMENTS_MAX_BYTES,
  SUPPLEMENTS_MAX_COUNT,
} from './enquiry-supplements.js';
import type { FileFact } from './files.js';

/** Supplementary documents of a released enquiry (issue 32 point 5; docs/decisions-enquiries.md). */
const customer = principal('CUSTOMER');
const otherCustomer = principal('CUSTOMER', { companyId: 'other-customer-co' });
const supplier = principal('SUPPLIER');

type Facts = Pick<Enquiry, 'customerId' | 'released' | 'closed' | 'archived' | 'supplements'>;
const enquiry = (facts: Partial<Facts> = {}): Facts => ({
  customerId: customer.company.id,
  released: true,
  closed: false,
  archived: false,
  supplements: [],
  ...facts,
});
const fact = (name: string, size: number, origin: FileFact['origin'] = { kind: 'upload' }): FileFact => ({
  name,
  documentType: 'UNKNOWN',
  uploadedByName: 'Anna Kunde',
  uploadDate: new Date(0),
  size,
  origin,
});
const pdf = { documentType: 'UNKNOWN' as const, size: 1000 };

describe('supplementStateRefusal and canAddSupplement', () => {
  it('released and open: the customer adds; nobody else', () => {
    expect(supplementStateRefusal(enquiry())).toBeUndefined();
    expect(canAddSupplement(customer, enquiry())).toBe(true);
    expect(canAddSupplement(otherCustomer, enquiry())).toBe(false);
    expect(canAddSupplement(supplier, enquiry())).toBe(false);
  });

  it('a draft (never released or reopened) takes its files as documents; closed and archived ones take none', () => {
    expect(supplementStateRefusal(enquiry({ released: false }))).toBe('enquiryNotReleased');
    expect(supplementStateRefusal(enquiry({ closed: true }))).toBe('supplementsClosed');
    expect(supplementStateRefusal(enquiry({ archived: true }))).toBe('supplementsClosed');
    expect(supplementStateRefusal(enquiry({ released: false, archived: true }))).toBe('supplementsClosed');
    expect(canAddSupplement(customer, enquiry({ released: false }))).toBe(false);
    expect(canAddSupplement(customer, enquiry({ closed: true }))).toBe(false);
  });
});

describe('supplementRefusal', () => {
  it('a file within the limits: taken', () => {
    expect(supplementRefusal(enquiry(), pdf)).toBeUndefined();
    expect(supplementRefusal(enquiry(), { ...pdf, origin: { kind: 'chat', messageId: 'm1' } })).toBeUndefined();
  });

  it('the state first', () => {
    expect(supplementRefusal(enquiry({ released: false }), pdf)).toBe('enquiryNotReleased');
    expect(supplementRefusal(enquiry({ closed: true }), pdf)).toBe('supplementsClosed');
  });

  it('a circuit diagram or BOM is a revision, never a supplement', () => {
    expect(supplementRefusal(enquiry(), { ...pdf, documentType: 'CIRCUIT_DIAGRAM' })).toBe('supplementType');
    expect(supplementRefusal(enquiry(), { ...pdf, documentType: 'BILL_OF_MATERIAL' })).toBe('supplementType');
    expect(supplementRefusal(enquiry(), { ...pdf, documentType: 'LABELLING' })).toBeUndefined();
  });

  it('one chat attachment once; another message or a direct upload of the same name is another document', () => {
    const listed = enquiry({ supplements: [fact('Plan.pdf', 10, { kind: 'chat', messageId: 'm1' })] });
    expect(supplementRefusal(listed, { ...pdf, origin: { kind: 'chat', messageId: 'm1' } })).toBe('supplementExists');
    expect(supplementRefusal(listed, { ...pdf, origin: { kind: 'chat', messageId: 'm2' } })).toBeUndefined();
    expect(supplementRefusal(listed, pdf)).toBeUndefined();
  });

  it(`at most ${SUPPLEMENTS_MAX_COUNT} files and ${SUPPLEMENTS_MAX_BYTES} bytes in all`, () => {
    const many = Array.from({ length: SUPPLEMENTS_MAX_COUNT - 1 }, (_, i) => fact(`f${i}.pdf`, 10));
    expect(supplementRefusal(enquiry({ supplements: many }), pdf)).toBeUndefined();
    const full = [...many, fact('last.pdf', 10)];
    expect(supplementRefusal(enquiry({ supplements: full }), pdf)).toBe('supplementLimit');
    const big = [fact('big.pdf', SUPPLEMENTS_MAX_BYTES - 1000)];
    expect(supplementRefusal(enquiry({ supplements: big }), pdf)).toBeUndefined();
    expect(supplementRefusal(enquiry({ supplements: big }), { ...pdf, size: 1001 })).toBe('supplementLimit');
  });

  it('the folder of an enquiry', () => {
    expect(enquirySupplementsPath('e1')).toBe('enquiries/e1/supplements/');
  });
});
