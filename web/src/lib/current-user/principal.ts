import type { Company } from '@model/company';
import { isPlatformAdmin } from '@model/permissions';
import type { Principal, User } from '@model/user';

/** What the model's permission functions need to know about the signed-in user (`canEditUser(p, user)` ...). */
export type WebPrincipal = Pick<
  Principal,
  'uid' | 'admin' | 'companyType' | 'platformAdmin' | 'company' | 'restriction'
>;

/** The signed-in user as the model's permission functions see the caller (the same facts the API derives). */
export function principalOf(user: User & { company: Company }): WebPrincipal {
  return {
    uid: user.id,
    admin: user.admin,
    companyType: user.company.type,
    platformAdmin: isPlatformAdmin(user, user.company.type),
    company: user.company,
    // as the API decides it: the password change first, then the pending release
    restriction: user.passwordChangeNeeded
      ? 'passwordChangeNeeded'
      : user.company.pendingRegistration
        ? 'registrationPending'
        : undefined,
  };
}
