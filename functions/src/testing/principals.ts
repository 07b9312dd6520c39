import type { Company, CompanyType } from '../model/company.js';
import type { Principal, Restriction, User } from '../model/user.js';

/** An in-memory principal for unit tests of guards and rules. */
export function principal(
  type: CompanyType,
  opts: { admin?: boolean; uid?: string; companyId?: string; restriction?: Restriction; active?: boolean } = {},
): Principal {
  const company: Company = {
    id: opts.companyId ?? `${type.toLowerCase()}-co`,
    name: `${type} GmbH`,
    type,
    active: opts.active ?? true,
    pendingRegistration: opts.restriction === 'registrationPending',
    address: { street: 'Weg', houseNo: '1', zip: '12345', city: 'Ort' },
  };
  const user: User = {
    id: opts.uid ?? `${type.toLowerCase()}-${opts.admin ? 'admin' : 'user'}`,
    name: 'Max',
    lastname: 'Muster',
    mail: 'max@example.de',
    phoneNumber: '+49-1',
    admin: opts.admin === true,
    companyId: company.id,
    permissions: [],
    passwordChangeNeeded: opts.restriction === 'passwordChangeNeeded',
    loginCounter: 1,
  };
  return {
    uid: user.id,
    user,
    company,
    companyType: type,
    admin: user.admin,
    platformAdmin: type === 'ADMIN' && user.admin,
    restriction: opts.restriction,
  };
}
