import { describe, expect, it } from 'vitest';
import { MAX_CHANGE_ENTRIES, type Enquiry } from '../../model/enquiry.js';
import { JOB_CONDITION_DEFAULTS } from '../../model/job-conditions.js';
import { principal } from '../../testing/principals.js';
import { openToSuppliers } from './enquiries.repository.js';
import {
  changedFields,
  changeEntry,
  inputOf,
  newDraft,
  recordChange,
  supplierView,
  withInput,
} from './enquiry-record.js';

const customer = principal('CUSTOMER', { uid: 'u1' });
const input = {
  ...JOB_CONDITION_DEFAULTS,
  title: 'Schrank',
  referenceNumber: 'R-1',
  deliveryCondition: 'EXW' as const,
  desiredDeliveryDate: '2027-01-31',
  amount: 1,
};
const draft = (): Enquiry => newDraft(customer, 'e1', input, new Date('2026-11-01T10:00:00Z'), 'create');

describe('enquiry record', () => {
  it('builds a draft of the caller company with server fields only from the server', () => {
    const e = draft();
    expect(e).toMatchObject({
      id: 'e1',
      customerId: customer.company.id,
      customerName: customer.company.name,
      released: false,
      closed: false,
      archived: false,
      invalidated: false,
      bomRevision: 0,
      bomRevisions: [],
      circuitDiagramRevision: 0,
      createdBy: 'u1',
    });
    expect(e.changeEntries).toEqual([{ date: e.createDate, userId: 'u1', userName: 'Max Muster', action: 'create' }]);
  });

  it('keeps only input fields, drops empty texts and free texts that no longer apply', () => {
    const body = { ...input, additionalInfo: '', packagingIndividual: 'Kiste', released: true, customerId: 'x' };
    const out = inputOf(body as never);
    expect(out).not.toHaveProperty('additionalInfo');
    expect(out).not.toHaveProperty('packagingIndividual');
    expect(out).not.toHaveProperty('released');
    expect(out).not.toHaveProperty('customerId');
    expect(inputOf({ ...input, packaging: 'INDIVIDUAL', packagingIndividual: 'Kiste' })).toMatchObject({
      packagingIndividual: 'Kiste',
    });
  });

  it('names the changed fields and replaces removed optional fields', () => {
    const before = withInput(draft(), { ...input, additionalInfo: 'alt' });
    const next = inputOf({ ...input, amount: 3 });
    expect(changedFields(before, next)).toEqual(['amount', 'additionalInfo']);
    const after = withInput(before, next);
    expect(after.amount).toBe(3);
    expect(after).not.toHaveProperty('additionalInfo');
    expect(after.customerId).toBe(before.customerId);
    expect(changedFields(after, next)).toEqual([]);
  });

  it('caps the history at MAX_CHANGE_ENTRIES, newest last, and moves lastUpdate', () => {
    let e = draft();
    for (let i = 0; i < MAX_CHANGE_ENTRIES + 5; i++)
      e = recordChange(e, changeEntry(customer, 'update', new Date(Date.UTC(2026, 10, 2, 0, i)), ['amount']));
    expect(e.changeEntries).toHaveLength(MAX_CHANGE_ENTRIES);
    expect(e.changeEntries[0]!.action).toBe('update');
    expect(e.lastUpdate).toEqual(e.changeEntries.at(-1)!.date);
  });

  it('hides history and author from suppliers; the market flag is released, not archived, not closed', () => {
    const view = supplierView(draft(), 'supplier-co');
    expect(view).not.toHaveProperty('changeEntries');
    expect(view).not.toHaveProperty('createdBy');
    // the order that closed it: only its own supplier learns of it
    const closed = { ...draft(), closed: true, order: { offerId: 'o1', supplierId: 'supplier-co', confirmed: true } };
    expect(supplierView(closed, 'supplier-co').order).toEqual(closed.order);
    expect(supplierView(closed, 'other-supplier-co')).not.toHaveProperty('order');
    // a supplement copied from a chat: that it came from a chat, not the message (maybe another supplier's)
    const supplement = {
      name: 'a.pdf',
      documentType: 'LABELLING' as const,
      uploadedByName: 'K',
      uploadDate: new Date(),
    };
    const withSupplements = {
      ...draft(),
      supplements: [
        { ...supplement, origin: { kind: 'chat' as const, messageId: 'm1' } },
        { ...supplement, name: 'b.pdf', origin: { kind: 'upload' as const } },
      ],
    };
    expect(supplierView(withSupplements, 'supplier-co').supplements.map((s) => s.origin)).toEqual([
      { kind: 'chat' },
      { kind: 'upload' },
    ]);
    const states = { released: true, archived: false, closed: false };
    expect(openToSuppliers(states)).toBe(true);
    expect(openToSuppliers({ ...states, closed: true })).toBe(false);
    expect(openToSuppliers({ ...states, archived: true })).toBe(false);
    expect(openToSuppliers({ ...states, released: false })).toBe(false);
  });
});
