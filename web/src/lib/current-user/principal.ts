import type { Company } from '@model/company';
import { isPlatformAdmin } from '@model/permissions';
import type { Principal, User } from '@model/user';

/** What the model's permission functions need to know about the signed-in user (`isManagerOf(p, target)` ...). */
export type WebPrincipal = Pick<Principal, 'admin' | 'companyType' | 'platformAdmin' | 'company'>;

/** The signed-in user as the model's permission functions see the caller (the same facts the API derives). */
export function principalOf(user: User & { company: Company }): WebPrincipal {
  return {
    admin: user.admin,
    companyType: user.company.type,
    platformAdmin: isPlatformAdmin(user, user.company.type),
    company: user.company,
  };
}
