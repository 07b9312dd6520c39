import { ThrottlesRepository } from '../../data/throttles.repository.js';
import { PRIVACY_VERSION } from '../../model/consent.js';
import type { AccessRow } from '../../testing/access-matrix.js';
import { call } from '../../testing/api-client.js';
import { admin, createUser, PASSWORD, uniqueMail } from '../../testing/fixtures.js';

const registration = () => ({
  user: { name: 'R', lastname: 'M', phoneNumber: '1', mail: uniqueMail('reg'), password: 'geheim123' },
  company: { name: 'Reg GmbH', address: { street: 's', houseNo: '1', zip: '1', city: 'c' } },
  avbAccepted: true,
  privacyAccepted: true,
});

/**
 * Every caller kind registers from the stack's one client address and mail domain, more often than the
 * registration throttles allow in an hour (their own tests: registration.test.ts, users.api.test.ts):
 * each call starts with none of their uses recorded.
 */
async function registerUnthrottled(token: string | undefined) {
  await new ThrottlesRepository(admin().db).forget('registration:');
  return call('POST', '/user/register', { token, body: registration() });
}

const newUser = (companyId?: string) => ({
  name: 'Mia',
  lastname: 'Matrix',
  mail: uniqueMail('matrix'),
  phoneNumber: '0711-9',
  admin: false,
  companyId,
});

/** /user/* rows of the access matrix (docs/api.md). */
export const USERS_ACCESS: AccessRow[] = [
  {
    call: 'POST /user/register',
    allowed: 'anyone',
    request: () => ({ body: registration() }),
    send: (_ctx, token) => registerUnthrottled(token),
    serial: true,
  },
  {
    call: 'GET /user/password/reset',
    allowed: 'anyone',
    request: ({ w }) => ({ query: { mail: w.users.customerUser.mail } }),
  },
  { call: 'GET /user/update/counter', allowed: 'signedIn', request: ({ self }) => ({ query: { userId: self } }) },
  {
    call: 'GET /user/update/counter',
    allowed: ['customerUser'],
    request: ({ w }) => ({ query: { userId: w.users.customerUser.user.id } }),
  },
  {
    call: 'POST /user/consent',
    allowed: 'signedIn',
    request: () => ({ body: { document: 'privacy', version: PRIVACY_VERSION } }),
  },
  { call: 'GET /user/consents', allowed: 'signedIn', request: ({ self }) => ({ query: { userId: self } }) },
  {
    call: 'GET /user/consents',
    allowed: ['platformAdmin'],
    request: ({ w }) => ({ query: { companyId: w.companies.CUSTOMER.id } }),
  },
  { call: 'GET /user/lastlogin', allowed: ['adminUser', 'platformAdmin'], request: () => ({}) },
  { call: 'GET /user/', allowed: 'signedIn', request: ({ self }) => ({ query: { id: self } }) },
  {
    call: 'GET /user/',
    allowed: ['customerUser', 'customerAdmin', 'adminUser', 'platformAdmin'],
    request: ({ w }) => ({ query: { id: w.users.customerUser.user.id } }),
  },
  {
    call: 'GET /user/all',
    allowed: ['customerAdmin', 'supplierAdmin', 'adminUser', 'platformAdmin'],
    request: () => ({}),
  },
  {
    call: 'POST /user/export',
    allowed: ['customerAdmin', 'supplierAdmin', 'adminUser', 'platformAdmin'],
    request: () => ({ body: { columns: [{ key: 'mail', label: 'E-Mail' }] } }),
  },
  {
    call: 'GET /user/filter',
    allowed: ['customerAdmin', 'supplierAdmin', 'adminUser', 'platformAdmin'],
    request: ({ w }) => ({
      query: {
        page: '0',
        paginationSize: '5',
        column: 'companyName',
        sortDescending: 'true',
        search: 'a',
        companyIds: w.companies.CUSTOMER.id,
      },
    }),
  },
  {
    call: 'GET /user/company',
    allowed: ['customerAdmin', 'platformAdmin'],
    request: ({ w }) => ({ query: { companyId: w.companies.CUSTOMER.id } }),
  },
  {
    call: 'POST /user/',
    allowed: ['customerAdmin', 'supplierAdmin', 'platformAdmin'],
    request: ({ w }) => ({ body: newUser(w.companies.CUSTOMER.id) }),
  },
  {
    call: 'POST /user/update',
    allowed: ['customerUser', 'customerAdmin', 'platformAdmin'],
    request: ({ w }) => {
      const u = w.users.customerUser.user;
      return {
        body: { id: u.id, name: u.name, lastname: u.lastname, mail: u.mail, phoneNumber: u.phoneNumber, admin: false },
      };
    },
  },
  {
    call: 'POST /user/delete',
    allowed: ['customerAdmin', 'platformAdmin'],
    request: async ({ w }) => ({
      query: { userId: (await createUser(w.companies.CUSTOMER, { signIn: false })).user.id },
    }),
  },
  // a password change ends the caller's older sessions: after every other row
  {
    call: 'POST /user/password/reset',
    allowed: 'signedIn',
    last: true,
    request: ({ w, kind }) => ({
      body: { mail: kind === 'anonymous' ? w.users.customerUser.mail : w.users[kind].mail, password: PASSWORD },
    }),
  },
];
