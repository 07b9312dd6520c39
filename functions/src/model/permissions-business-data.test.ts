import { describe, expect, it } from 'vitest';
import {
  berlinDate,
  defaultFolderSettings,
  folderPasswordRefusal,
  visibilityEntryRefusal,
  type FolderAccess,
  type FolderFacts,
} from './business-data.js';
import type { CompanyType } from './company.js';
import type { OfferState } from './offer-states.js';
import {
  folderAccess,
  isEntryValid,
  isFolderOpen,
  isSharedWith,
  type FolderCaller,
} from './permissions-business-data.js';

const TODAY = '2026-06-15';

function facts(overrides: Partial<FolderFacts> = {}, settings: Partial<FolderFacts['settings']> = {}): FolderFacts {
  return {
    supplierId: 'sup',
    customerId: 'cus',
    released: true,
    state: 'OPEN',
    archived: false,
    ...overrides,
    settings: { ...defaultFolderSettings(), ...settings },
  };
}

const user = (companyType: CompanyType, companyId: string, admin = false, email = 'x@firma.de'): FolderCaller => ({
  kind: 'user',
  companyType,
  companyId,
  admin,
  email,
});

const callers = {
  supplierAdmin: user('SUPPLIER', 'sup', true),
  supplierUser: user('SUPPLIER', 'sup'),
  customerAdmin: user('CUSTOMER', 'cus', true),
  customerUser: user('CUSTOMER', 'cus'),
  otherSupplier: user('SUPPLIER', 'other', true),
  otherCustomer: user('CUSTOMER', 'other', true),
  platformAdmin: user('ADMIN', 'adm', true),
  adminUser: user('ADMIN', 'adm'),
  external: user('EXTERNAL', 'ext', false, 'elektriker@partner.de'),
};

const NONE: FolderAccess = { see: false, read: false, write: false, settings: false };
const RW: FolderAccess = { see: true, read: true, write: true, settings: false };
const R: FolderAccess = { see: true, read: true, write: false, settings: false };
const ADMIN: FolderAccess = { see: true, read: true, write: true, settings: true };
const SEEN: FolderAccess = { see: true, read: false, write: false, settings: false };

describe('project-folder rule: the two companies', () => {
  it.each([
    ['supplierAdmin', ADMIN],
    ['supplierUser', RW],
    ['customerAdmin', ADMIN],
    ['customerUser', RW],
    ['otherSupplier', NONE],
    ['otherCustomer', NONE],
    ['platformAdmin', NONE],
    ['adminUser', NONE],
    ['external', NONE],
  ] as const)('default settings, released OPEN offer: %s → %o', (who, expected) => {
    expect(folderAccess(callers[who], facts(), TODAY)).toEqual(expected);
  });

  it('the customer company does not know the folder of a draft; the supplier does', () => {
    const draft = facts({ released: false });
    expect(folderAccess(callers.customerAdmin, draft, TODAY)).toEqual(NONE);
    expect(folderAccess(callers.customerUser, draft, TODAY)).toEqual(NONE);
    expect(folderAccess(callers.supplierAdmin, draft, TODAY)).toEqual(ADMIN);
    expect(folderAccess(callers.supplierUser, draft, TODAY)).toEqual(RW);
  });

  it.each([
    [{ read: true, write: true }, RW],
    [{ read: true, write: false }, R],
    [{ read: false, write: false }, SEEN],
    // write without read is never stored; if it were, it would not write
    [{ read: false, write: true }, SEEN],
  ])('non-admin users follow settings.types of their side: %o', (rights, expected) => {
    const f = facts({}, { types: { CUSTOMER: rights, SUPPLIER: rights } });
    expect(folderAccess(callers.customerUser, f, TODAY)).toEqual(expected);
    expect(folderAccess(callers.supplierUser, f, TODAY)).toEqual(expected);
    // admins always read and write
    expect(folderAccess(callers.customerAdmin, f, TODAY)).toEqual(ADMIN);
  });

  it('where the type setting is absent, the invitation matched by e-mail counts (not expired)', () => {
    const entry = (read: boolean, write: boolean, endDate?: string) => ({ email: 'x@firma.de', read, write, endDate });
    const f = (e?: ReturnType<typeof entry>) => facts({}, { types: {}, visibilities: e ? [e] : [] });
    expect(folderAccess(callers.customerUser, f(), TODAY)).toEqual(SEEN);
    expect(folderAccess(callers.customerUser, f(entry(true, false)), TODAY)).toEqual(R);
    expect(folderAccess(callers.supplierUser, f(entry(true, true)), TODAY)).toEqual(RW);
    expect(folderAccess(callers.supplierUser, f(entry(true, true, TODAY)), TODAY)).toEqual(RW);
    expect(folderAccess(callers.supplierUser, f(entry(true, true, '2026-06-14')), TODAY)).toEqual(SEEN);
    // the two companies' users need no allowExternal
    expect(folderAccess(callers.customerUser, f(entry(true, false)), TODAY).read).toBe(true);
  });

  it.each([
    ['OPEN', false, true],
    ['ACCEPTED', false, true],
    ['CONFIRMED', false, true],
    ['DECLINED', false, false],
    ['OPEN', true, false],
  ] as const)('state %s archived %s: writable %s; both companies keep reading', (state, archived, writable) => {
    const f = facts({ state: state as OfferState, archived });
    expect(folderAccess(callers.supplierAdmin, f, TODAY)).toEqual({ ...ADMIN, write: writable });
    expect(folderAccess(callers.customerUser, f, TODAY)).toEqual({ ...RW, write: writable });
  });
});

describe('project-folder rule: invitees', () => {
  const invited = (read: boolean, write: boolean, endDate?: string) => ({
    email: 'elektriker@partner.de',
    read,
    write,
    ...(endDate ? { endDate } : {}),
  });
  const shared = (entry = invited(true, false), over: Partial<FolderFacts> = {}, allowExternal = true) =>
    facts(over, { allowExternal, visibilities: [entry] });

  it('read only, read-write, expired, removed', () => {
    expect(folderAccess(callers.external, shared(invited(true, false)), TODAY)).toEqual(R);
    expect(folderAccess(callers.external, shared(invited(true, true)), TODAY)).toEqual(RW);
    expect(folderAccess(callers.external, shared(invited(true, true, TODAY)), TODAY)).toEqual(RW);
    expect(folderAccess(callers.external, shared(invited(true, true, '2026-06-14')), TODAY)).toEqual(NONE);
    expect(folderAccess(callers.external, facts({}, { allowExternal: true, visibilities: [] }), TODAY)).toEqual(NONE);
  });

  it('only while external access is allowed', () => {
    expect(folderAccess(callers.external, shared(invited(true, true), {}, false), TODAY)).toEqual(NONE);
  });

  it.each([
    [{ released: false }, NONE],
    [{ state: 'DECLINED' as const }, NONE],
    [{ archived: true }, NONE],
    [{ state: 'ACCEPTED' as const }, RW],
    [{ state: 'CONFIRMED' as const }, RW],
  ])('only while the folder is open: %o', (over, expected) => {
    expect(folderAccess(callers.external, shared(invited(true, true), over), TODAY)).toEqual(expected);
  });

  it('matches the address case-insensitively', () => {
    const caller = user('EXTERNAL', 'ext', false, 'Elektriker@Partner.DE');
    expect(folderAccess(caller, shared(), TODAY)).toEqual(R);
  });

  it('users of other companies are outsiders: their invitation, allowExternal, open folder; admins of their own company gain nothing', () => {
    const other = user('SUPPLIER', 'other', true, 'elektriker@partner.de');
    expect(folderAccess(other, shared(invited(true, false)), TODAY)).toEqual(R);
    expect(folderAccess(other, shared(invited(true, false), {}, false), TODAY)).toEqual(NONE);
  });

  it('ADMIN-company users get nothing, invited or not', () => {
    const admin = user('ADMIN', 'adm', true, 'elektriker@partner.de');
    expect(folderAccess(admin, shared(invited(true, true)), TODAY)).toEqual(NONE);
  });

  it('the shared list: external access on, entry there with read, not expired, folder open', () => {
    expect(isSharedWith(shared(), 'elektriker@partner.de', TODAY)).toBe(true);
    expect(isSharedWith(shared(invited(true, false, '2026-06-01')), 'elektriker@partner.de', TODAY)).toBe(false);
    expect(isSharedWith(shared(invited(true, false), {}, false), 'elektriker@partner.de', TODAY)).toBe(false);
    expect(isSharedWith(shared(invited(true, false), { state: 'DECLINED' }), 'elektriker@partner.de', TODAY)).toBe(
      false,
    );
    expect(isSharedWith(shared(), 'someone@else.de', TODAY)).toBe(false);
  });
});

describe('project-folder rule: anonymous visitors', () => {
  const open = (over: Partial<FolderFacts['settings']> = {}, standing: Partial<FolderFacts> = {}) =>
    facts(standing, { allowAnonymous: true, hasPassword: true, ...over });
  const anonymous = (tokenValid: boolean): FolderCaller => ({ kind: 'anonymous', tokenValid });

  it('read with a valid token only, never write or settings', () => {
    expect(folderAccess(anonymous(true), open(), TODAY)).toEqual(R);
    expect(folderAccess(anonymous(false), open(), TODAY)).toEqual(NONE);
  });

  it.each([
    [{ allowAnonymous: false }, {}],
    [{ hasPassword: false }, {}],
    [{}, { released: false }],
    [{}, { state: 'DECLINED' as const }],
    [{}, { archived: true }],
  ])('refused when %o %o', (settings, standing) => {
    expect(folderAccess(anonymous(true), open(settings, standing), TODAY)).toEqual(NONE);
  });
});

describe('project-folder helpers', () => {
  it('open states', () => {
    expect(isFolderOpen({ released: true, state: 'CONFIRMED', archived: false })).toBe(true);
    expect(isFolderOpen({ released: true, state: 'DECLINED', archived: false })).toBe(false);
  });

  it('end dates are inclusive German calendar days', () => {
    expect(isEntryValid({}, TODAY)).toBe(true);
    expect(isEntryValid({ endDate: TODAY }, TODAY)).toBe(true);
    expect(isEntryValid({ endDate: '2026-06-14' }, TODAY)).toBe(false);
    // 23:30 UTC on 14 June is already 15 June in Berlin (summer time)
    expect(berlinDate(new Date('2026-06-14T23:30:00Z'))).toBe('2026-06-15');
    expect(berlinDate(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(berlinDate(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('the password: at least 6 characters, equal to its repeat (spec 5)', () => {
    expect(folderPasswordRefusal('12345', '12345')).toBe('shortPassword');
    expect(folderPasswordRefusal('123456', '123457')).toBe('passwordMismatch');
    expect(folderPasswordRefusal('123456', '123456')).toBeUndefined();
  });

  it('an invitation: write needs read, the end date not in the past', () => {
    expect(visibilityEntryRefusal({ read: false, write: true }, TODAY)).toBe('writeWithoutRead');
    expect(visibilityEntryRefusal({ read: true, write: false, endDate: '2026-06-14' }, TODAY)).toBe('endDateInPast');
    expect(visibilityEntryRefusal({ read: true, write: true, endDate: TODAY }, TODAY)).toBeUndefined();
  });
});
