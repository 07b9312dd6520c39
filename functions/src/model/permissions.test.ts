import { describe, expect, it } from 'vitest';
import { authorizeRecord, type RecordRule } from '../http/record-access.js';
import { principal } from '../testing/principals.js';
import { canDeleteCompany, canReadCompany, seesAllCompanies } from './permissions-companies.js';
import {
  canDeleteUser,
  canEditUser,
  canReadUser,
  mayFilterUsersByCompany,
  seesAllUsers,
  userEditRole,
  userListScope,
  type UserRef,
} from './permissions-users.js';
import { isManagerOfCompany } from './permissions.js';
import type { Principal } from './user.js';

/** The record rules that were route guards before (same tables): pure functions + the one 404/403 helper. */
const users: Record<string, UserRef> = {
  'cust-1': { id: 'cust-1', companyId: 'customer-co' },
  'supp-1': { id: 'supp-1', companyId: 'supplier-co' },
};

const kinds = {
  customerUser: principal('CUSTOMER'),
  customerAdmin: principal('CUSTOMER', { admin: true }),
  supplierAdmin: principal('SUPPLIER', { admin: true }),
  adminUser: principal('ADMIN'),
  platformAdmin: principal('ADMIN', { admin: true }),
  externalAdmin: principal('EXTERNAL', { admin: true }),
};
type Kind = keyof typeof kinds;
const ALL = Object.keys(kinds) as Kind[];

function table(rule: (p: Principal) => boolean, expected: Kind[]) {
  expect(Object.fromEntries(ALL.map((k) => [k, rule(kinds[k])]))).toEqual(
    Object.fromEntries(ALL.map((k) => [k, expected.includes(k)])),
  );
}

/** Status the users area answers for a call on `id` (authorizeRecord with the users rules), or 'ok'. */
function outcome(p: Principal, id: string, act: (p: Principal, u: UserRef) => boolean): number | string {
  const rule: RecordRule<UserRef> = {
    see: (u) => canReadUser(p, u),
    act: (u) => act(p, u),
    seesAll: seesAllUsers(p),
    hidden: 'forbidden',
  };
  try {
    authorizeRecord(p, id === p.uid ? { id, companyId: p.company.id } : users[id], rule);
    return 'ok';
  } catch (error) {
    const e = error as { status: number; code: string };
    return e.code === 'forbidden' || e.code === 'notFound' ? e.status : `${e.status} ${e.code}`;
  }
}

describe('user record rules', () => {
  it('manager of a user: platform admin anyone, company admin own company only', () => {
    table(
      (p) => canEditUser(p, users['cust-1']!) && userEditRole(p, users['cust-1']!) === 'manager',
      ['customerAdmin', 'platformAdmin'],
    );
    table((p) => canDeleteUser(p, users['supp-1']!), ['supplierAdmin', 'platformAdmin']);
  });

  it('unknown ids look like foreign ones (403), except to callers who may know every user (404)', () => {
    expect(Object.fromEntries(ALL.map((k) => [k, outcome(kinds[k], 'nobody', canEditUser)]))).toEqual({
      customerUser: 403,
      customerAdmin: 403,
      supplierAdmin: 403,
      adminUser: 404,
      platformAdmin: 404,
      externalAdmin: 403,
    });
    // a visible user the caller may not change: 403; an invisible one: the same 403
    expect(outcome(kinds.adminUser, 'cust-1', canEditUser)).toBe(403);
    expect(outcome(kinds.supplierAdmin, 'cust-1', canEditUser)).toBe(403);
    expect(outcome(kinds.customerAdmin, 'cust-1', canEditUser)).toBe('ok');
  });

  it('self: may edit himself (own fields), never delete himself', () => {
    const self = kinds.customerAdmin;
    expect(canDeleteUser(self, { id: self.uid, companyId: self.company.id })).toBe(false);
    expect(canEditUser(self, { id: self.uid, companyId: self.company.id })).toBe(true);
    expect(userEditRole(kinds.customerUser, { id: kinds.customerUser.uid, companyId: 'customer-co' })).toBe('self');
    expect(userEditRole(kinds.customerUser, users['cust-1']!)).toBeUndefined();
  });

  it('reader of a user: self, manager, any ADMIN-company user', () => {
    table((p) => canReadUser(p, users['cust-1']!), ['customerAdmin', 'adminUser', 'platformAdmin']);
  });

  it('restricted callers may only read themselves and their own company, and are told why', () => {
    const restricted = principal('CUSTOMER', {
      admin: true,
      restriction: 'passwordChangeNeeded',
      companyId: 'customer-co',
    });
    expect(canReadUser(restricted, { id: restricted.uid, companyId: 'customer-co' })).toBe(true);
    expect(canReadUser(restricted, users['cust-1']!)).toBe(false);
    expect(outcome(restricted, 'cust-1', canReadUser)).toBe('403 passwordChangeNeeded');
    expect(outcome(restricted, 'nobody', canReadUser)).toBe('403 passwordChangeNeeded');
    expect(canReadCompany(restricted, { id: 'customer-co' })).toBe(true);
    const restrictedAdmin = principal('ADMIN', { admin: true, restriction: 'passwordChangeNeeded' });
    expect(canReadCompany(restrictedAdmin, { id: 'customer-co' })).toBe(false);
    expect(userListScope(restricted)).toBeUndefined();
  });

  it('user lists: everybody for the ADMIN company, the own company for company admins', () => {
    expect(Object.fromEntries(ALL.map((k) => [k, userListScope(kinds[k])]))).toEqual({
      customerUser: undefined,
      customerAdmin: { kind: 'company', companyId: 'customer-co' },
      supplierAdmin: { kind: 'company', companyId: 'supplier-co' },
      adminUser: { kind: 'all' },
      platformAdmin: { kind: 'all' },
      externalAdmin: undefined,
    });
  });

  it('the company filter of the user list: every ADMIN-company user, as his list holds every company', () => {
    table(mayFilterUsersByCompany, ['adminUser', 'platformAdmin']);
    expect(mayFilterUsersByCompany(principal('ADMIN', { restriction: 'passwordChangeNeeded' }))).toBe(false);
  });
});

describe('company record rules', () => {
  it('company reads and company user lists', () => {
    table((p) => canReadCompany(p, { id: 'customer-co' }), ['customerUser', 'customerAdmin', 'platformAdmin']);
    table((p) => isManagerOfCompany(p, 'customer-co'), ['customerAdmin', 'platformAdmin']);
    table((p) => isManagerOfCompany(p, 'other-co'), ['platformAdmin']);
  });

  it('delete: platform admins, never the own company; unknown ids 404 for them', () => {
    const pa = kinds.platformAdmin;
    expect(canDeleteCompany(pa, { id: 'customer-co' })).toBe(true);
    expect(canDeleteCompany(pa, { id: pa.company.id })).toBe(false);
    const rule = {
      see: () => seesAllCompanies(pa),
      act: (c: { id: string }) => canDeleteCompany(pa, c),
      seesAll: seesAllCompanies(pa),
    };
    expect(() => authorizeRecord(pa, undefined, rule)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => authorizeRecord(pa, { id: pa.company.id }, rule)).toThrow(expect.objectContaining({ status: 403 }));
  });
});

describe('authorizeRecord', () => {
  const p = kinds.customerUser;
  it('answers 404 by default for hidden and unknown records alike, 403 for visible ones the caller may not change', () => {
    const rule: RecordRule<{ mine: boolean; open: boolean }> = {
      see: (r) => r.mine,
      act: (r) => r.open,
      seesAll: false,
    };
    expect(() => authorizeRecord(p, undefined, rule)).toThrow(
      expect.objectContaining({ status: 404, code: 'notFound' }),
    );
    expect(() => authorizeRecord(p, { mine: false, open: true }, rule)).toThrow(
      expect.objectContaining({ status: 404, code: 'notFound' }),
    );
    expect(() => authorizeRecord(p, { mine: true, open: false }, rule)).toThrow(
      expect.objectContaining({ status: 403, code: 'forbidden' }),
    );
    expect(authorizeRecord(p, { mine: true, open: true }, rule)).toEqual({ mine: true, open: true });
  });
});
