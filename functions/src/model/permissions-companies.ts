import type { Company } from './company.js';
import type { Principal } from './user.js';

/** Rules about one company record (pure; checked in the service on the record it read; the web shows buttons by them). */
export type CompanyCaller = Pick<Principal, 'platformAdmin' | 'company' | 'restriction'>;

function isOwnCompany(caller: Pick<Principal, 'company'>, company: Pick<Company, 'id'>): boolean {
  return caller.company.id === company.id;
}

/** Platform admins may know every company; everybody else only his own. */
export function seesAllCompanies(caller: CompanyCaller): boolean {
  return !caller.restriction && caller.platformAdmin;
}

/** GET /company/: the own company (also for restricted callers); any company for platform admins. */
export function canReadCompany(caller: CompanyCaller, company: Pick<Company, 'id'>): boolean {
  return isOwnCompany(caller, company) || seesAllCompanies(caller);
}

/** POST /company/delete: platform admins, never for their own company (no lock-out). */
export function canDeleteCompany(caller: CompanyCaller, company: Pick<Company, 'id'>): boolean {
  return seesAllCompanies(caller) && !isOwnCompany(caller, company);
}

/** The own company's type and active flag stay as they are (412 otherwise). */
export function mayChangeTypeAndActive(caller: Pick<Principal, 'company'>, company: Pick<Company, 'id'>): boolean {
  return !isOwnCompany(caller, company);
}
