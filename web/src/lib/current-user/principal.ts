import type { Company } from '@model/company';
import { callerFacts } from '@model/permissions';
import type { Principal, User } from '@model/user';

/** What the model's permission functions need to know about the signed-in user (`canEditUser(p, user)` ...). */
export type WebPrincipal = Pick<
  Principal,
  'uid' | 'admin' | 'companyType' | 'platformAdmin' | 'company' | 'restriction'
>;

/** The signed-in user as the model's permission functions see the caller (the same facts the API derives). */
export function principalOf(user: User & { company: Company }): WebPrincipal {
  return {
    ...callerFacts(user),
    company: user.company,
    uid: user.id,
    // as the API decides it: the password change first, then the pending release
    restriction: user.passwordChangeNeeded
      ? 'passwordChangeNeeded'
      : user.company.pendingRegistration
        ? 'registrationPending'
        : undefined,
  };
}
