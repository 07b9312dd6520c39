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
