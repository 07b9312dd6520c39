import { isCompanyAdmin, isManagerOf } from './permissions.js';
import type { Principal, User } from './user.js';

/**
 * Rules about one user record (pure; the API checks them in the service on the record it read, the web
 * uses them to show or hide buttons). `Caller` is what the rules need of the signed-in principal.
 */
export type Caller = Pick<Principal, 'uid' | 'admin' | 'companyType' | 'platformAdmin' | 'company' | 'restriction'>;
export type UserRef = Pick<User, 'id' | 'companyId'>;

export function isSelf(caller: Pick<Principal, 'uid'>, user: Pick<User, 'id'>): boolean {
  return caller.uid === user.id;
}

/** ADMIN-company users may know every user (they read the whole user list); restricted callers nobody else. */
export function seesAllUsers(caller: Caller): boolean {
  return !caller.restriction && caller.companyType === 'ADMIN';
}

/** GET /user/: self; any ADMIN-company user; the user's manager. A restricted caller only himself. */
export function canReadUser(caller: Caller, user: UserRef): boolean {
  if (isSelf(caller, user)) return true;
  if (caller.restriction) return false;
  return seesAllUsers(caller) || isManagerOf(caller, user);
}

/**
 * What the caller may change on a user (POST /user/update): `manager` everything but his own admin flag and
 * company; `self` only name, lastname and phone number; undefined nothing.
 */
export function userEditRole(caller: Caller, user: UserRef): 'manager' | 'self' | undefined {
  if (caller.restriction) return undefined;
  if (isManagerOf(caller, user)) return 'manager';
  return isSelf(caller, user) ? 'self' : undefined;
}

export function canEditUser(caller: Caller, user: UserRef): boolean {
  return userEditRole(caller, user) !== undefined;
}

/** POST /user/delete: the user's manager, never oneself (no lock-out). */
export function canDeleteUser(caller: Caller, user: UserRef): boolean {
  return !caller.restriction && !isSelf(caller, user) && isManagerOf(caller, user);
}

/** Which users the caller's user lists contain: everybody (ADMIN company), one company (company admin), none. */
export type UserListScope = { kind: 'all' } | { kind: 'company'; companyId: string } | undefined;

export function userListScope(caller: Caller): UserListScope {
  if (caller.restriction) return undefined;
  if (caller.companyType === 'ADMIN') return { kind: 'all' };
  if (isCompanyAdmin(caller)) return { kind: 'company', companyId: caller.company.id };
  return undefined;
}

/**
 * Who narrows the user list to chosen companies (`companyIds` of /user/filter and /user/export, the list's company
 * filter): everybody whose list holds every company's users, i.e. every ADMIN-company user (spec 01 /user: "the
 * admin company additionally sees a filter dialog"). The web shows the filter by the same rule.
 */
export function mayFilterUsersByCompany(caller: Caller): boolean {
  return userListScope(caller)?.kind === 'all';
}
