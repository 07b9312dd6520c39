import {
  enquiryInputSchema,
  MAX_CHANGE_ENTRIES,
  type Enquiry,
  type EnquiryChangeEntry,
  type EnquiryInput,
} from '../../model/enquiry.js';
import { normaliseJobConditions } from '../../model/job-conditions.js';
import type { Principal } from '../../model/user.js';

/**
 * Pure pieces of the enquiry service (unit-tested without an emulator): which fields the customer sets,
 * what an update changed, the change history and what a supplier is shown.
 */

/** Every field of the input schema: the only fields a body can set (everything else is the server's). */
const INPUT_FIELDS = Object.keys(enquiryInputSchema.fields) as Array<keyof EnquiryInput>;

/** The input fields of a validated body (or a stored enquiry), normalised; empty optional texts dropped. */
export function inputOf(source: Partial<EnquiryInput>): EnquiryInput {
  const out: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    const value = source[field];
    if (value !== undefined && value !== null && value !== '') out[field] = value;
  }
  return normaliseJobConditions(out as unknown as EnquiryInput);
}

/** The input fields whose value differs between two enquiries (in schema order). */
export function changedFields(before: Partial<EnquiryInput>, after: Partial<EnquiryInput>): string[] {
  return INPUT_FIELDS.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
}

/** The enquiry with `input` replacing every input field (an input field absent from `input` is removed). */
export function withInput(before: Enquiry, input: EnquiryInput): Enquiry {
  const out: Record<string, unknown> = { ...before };
  for (const field of INPUT_FIELDS) delete out[field];
  return { ...(out as unknown as Enquiry), ...input };
}

export function userNameOf(principal: Pick<Principal, 'user'>): string {
  return `${principal.user.name} ${principal.user.lastname}`.trim();
}

export function changeEntry(
  principal: Pick<Principal, 'uid' | 'user'>,
  action: EnquiryChangeEntry['action'],
  now: Date,
  fields?: string[],
): EnquiryChangeEntry {
  return { date: now, userId: principal.uid, userName: userNameOf(principal), action, ...(fields ? { fields } : {}) };
}

/** The enquiry after a change: lastUpdate now and the entry appended (the newest MAX_CHANGE_ENTRIES kept). */
export function recordChange(enquiry: Enquiry, entry: EnquiryChangeEntry): Enquiry {
  return {
    ...enquiry,
    lastUpdate: entry.date,
    changeEntries: [...(enquiry.changeEntries ?? []), entry].slice(-MAX_CHANGE_ENTRIES),
  };
}

/**
 * What GET /enquiry/ shows a supplier (of company `supplierId`): the record without its history and its staff's
 * ids (internal to the customer): no change entries, no author, no uploader of a BOM revision; its order only to
 * the order's supplier (the others do not learn who won); of a supplementary document copied from a chat only that
 * it came from a chat (the message may be another supplier's conversation).
 */
export function supplierView(enquiry: Enquiry, supplierId: string) {
  const { changeEntries: _changes, createdBy: _author, bomRevisions, order, supplements, ...rest } = enquiry;
  return {
    ...rest,
    ...(order && order.supplierId === supplierId ? { order } : {}),
    bomRevisions: bomRevisions.map(({ uploadedBy: _by, ...r }) => r),
    supplements: supplements.map((s) => ({ ...s, origin: s.origin && { kind: s.origin.kind } })),
  };
}

/** A new draft (POST /enquiry/ and copy). */
export function newDraft(
  principal: Pick<Principal, 'uid' | 'user' | 'company'>,
  id: string,
  input: EnquiryInput,
  now: Date,
  action: 'create' | 'copy',
): Enquiry {
  return {
    ...input,
    id,
    customerId: principal.company.id,
    customerName: principal.company.name,
    released: false,
    closed: false,
    archived: false,
    invalidated: false,
    bomRevision: 0,
    bomRevisions: [],
    circuitDiagramRevision: 0,
    documents: [],
    supplements: [],
    createdBy: principal.uid,
    createDate: now,
    lastUpdate: now,
    changeEntries: [changeEntry(principal, action, now)],
  };
}
