import type { PrincipalLoader } from '../../http/authenticate.js';
import { isPlatformAdmin } from '../../model/permissions.js';
import type { Restriction } from '../../model/user.js';
import type { CompanyRecords } from '../companies/companies.port.js';
import type { UsersRepository } from './users.repository.js';

/**
 * The caller of a request: his user and company, read once per request by authenticate (2 document reads)
 * and handed to guards and services, which never read them again.
 */
export function principalLoader(
  users: Pick<UsersRepository, 'get'>,
  companies: Pick<CompanyRecords, 'get'>,
): PrincipalLoader {
  return async (uid) => {
    const user = await users.get(uid);
    if (!user) return undefined;
    const company = await companies.get(user.companyId);
    if (!company) return undefined;
    const restriction: Restriction | undefined = user.passwordChangeNeeded
      ? 'passwordChangeNeeded'
      : company.pendingRegistration
        ? 'registrationPending'
        : undefined;
    return {
      uid,
      user,
      company,
      companyType: company.type,
      admin: user.admin === true,
      platformAdmin: isPlatformAdmin(user, company.type),
      restriction,
    };
  };
}
