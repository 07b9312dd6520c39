import type { CompanyType } from './company.js';
import type { Principal, User } from './user.js';

/**
 * Pure permission rules about the caller, shared by the API guards and the web (menus, buttons). Rules about
 * one record live beside it: permissions-users.ts, permissions-companies.ts (checked once in the service).
 */

/** Companies whose admins manage the users of their own company. */
export const SELF_MANAGED_COMPANY_TYPES: readonly CompanyType[] = ['CUSTOMER', 'SUPPLIER'];

/** A platform administrator: an ADMIN-company user with the admin flag. */
export function isPlatformAdmin(user: Pick<User, 'admin'>, companyType: CompanyType): boolean {
  return companyType === 'ADMIN' && user.admin === true;
}

/** A CUSTOMER or SUPPLIER user with the admin flag ('Firmenadministrator'). */
export function isCompanyAdmin(principal: Pick<Principal, 'admin' | 'companyType'>): boolean {
  return principal.admin && SELF_MANAGED_COMPANY_TYPES.includes(principal.companyType);
}

/** May manage users at all (create, list own company): platform admin or company admin. */
export function isUserManager(principal: Pick<Principal, 'admin' | 'companyType' | 'platformAdmin'>): boolean {
  return principal.platformAdmin || isCompanyAdmin(principal);
}

/** Manager of a given user: platform admin for anyone; company admin for users of the own company. */
export function isManagerOf(
  principal: Pick<Principal, 'admin' | 'companyType' | 'platformAdmin' | 'company'>,
  target: Pick<User, 'companyId'>,
): boolean {
  if (principal.platformAdmin) return true;
  return isCompanyAdmin(principal) && target.companyId === principal.company.id;
}

/** Manager of the users of a company: platform admin, or company admin of that company. */
export function isManagerOfCompany(
  principal: Pick<Principal, 'admin' | 'companyType' | 'platformAdmin' | 'company'>,
  companyId: string,
): boolean {
  return isManagerOf(principal, { companyId });
}

/** The facts about a caller that record rules need; a Principal has them, the web builds them with `callerFacts`. */
export type CallerFacts = Pick<Principal, 'admin' | 'companyType' | 'platformAdmin'> & { company: { id: string } };

/** CallerFacts of a signed-in user with his company (the web's current user). */
export function callerFacts(user: Pick<User, 'admin'> & { company: { id: string; type: CompanyType } }): CallerFacts {
  return {
    admin: user.admin,
    companyType: user.company.type,
    platformAdmin: isPlatformAdmin(user, user.company.type),
    company: user.company,
  };
}

/**
 * Company documents (companies/{id}/documents/: signed AVV, certificates). Whether the caller may know the
 * company exists at all: platform admins and its own members; everybody else gets 404.
 */
export function mayKnowCompany(caller: CallerFacts, companyId: string): boolean {
  return caller.platformAdmin || caller.company.id === companyId;
}

/** Read (list, download): platform admins and the members of the company (not EXTERNAL: business data only). */
export function mayReadCompanyDocuments(caller: CallerFacts, companyId: string): boolean {
  return caller.platformAdmin || (caller.company.id === companyId && caller.companyType !== 'EXTERNAL');
}

/** Change (upload, delete): platform admins and the admins of that CUSTOMER/SUPPLIER company. */
export function mayChangeCompanyDocuments(caller: CallerFacts, companyId: string): boolean {
  return caller.platformAdmin || (caller.company.id === companyId && isCompanyAdmin(caller));
}
