import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../model/company.js';
import { companyDocumentsPath } from '../model/files.js';
import { pdfBytes, uploadFile } from '../modules/files/upload-client.js';
import { call } from '../testing/api-client.js';
import { resetAll } from '../testing/emulator-reset.js';
import {
  CALLER_KINDS, createCompany, createUser, createWorld, disposeClients, PASSWORD, uniqueMail, type CallerKind, type World,
} from '../testing/fixtures.js';

/**
 * The access matrix of docs/api.md as ONE table: every endpoint × every kind of caller.
 * A kind not listed in `allowed` must be refused (anonymous 401, signed-in 403), so a missing
 * guard fails a test. Allowed calls must succeed (2xx) with the request built by `request`.
 */
interface Ctx { w: World; kind: CallerKind; self?: string; ownCompany?: string; target: Company }
interface Row {
  call: string;
  allowed: readonly CallerKind[] | 'anyone' | 'signedIn';
  request: (ctx: Ctx) => Promise<{ query?: Record<string, string | undefined>; body?: unknown }> | { query?: Record<string, string | undefined>; body?: unknown };
  /** sends the request itself (multipart) instead of the JSON `call` */
  send?: (ctx: Ctx, token: string | undefined) => Promise<{ status: number; body: unknown }>;
}

const SIGNED_IN = CALLER_KINDS.filter((k) => k !== 'anonymous');
const newUser = (companyId?: string) => ({ name: 'Mia', lastname: 'Matrix', mail: uniqueMail('matrix'), phoneNumber: '0711-9', admin: false, companyId });
const companyForm = (c: Company) => ({ id: c.id, name: c.name, type: c.type, customerNumber: c.customerNumber, address: c.address });

const TABLE: Row[] = [
  { call: 'GET /health', allowed: 'anyone', request: () => ({}) },
  {
    call: 'POST /user/register',
    allowed: 'anyone',
    request: () => ({ body: { user: { name: 'R', lastname: 'M', phoneNumber: '1', mail: uniqueMail('reg'), password: 'geheim123' }, company: { name: 'Reg GmbH', address: { street: 's', houseNo: '1', zip: '1', city: 'c' } } } }),
  },
  { call: 'GET /user/password/reset', allowed: 'anyone', request: ({ w }) => ({ query: { mail: w.users.customerUser.mail } }) },
  { call: 'GET /user/update/counter', allowed: 'signedIn', request: ({ self }) => ({ query: { userId: self } }) },
  { call: 'GET /user/update/counter', allowed: ['customerUser'], request: ({ w }) => ({ query: { userId: w.users.customerUser.user.id } }) },
  { call: 'GET /user/lastlogin', allowed: ['adminUser', 'platformAdmin'], request: () => ({}) },
  { call: 'GET /user/', allowed: 'signedIn', request: ({ self }) => ({ query: { id: self } }) },
  { call: 'GET /user/', allowed: ['customerUser', 'customerAdmin', 'adminUser', 'platformAdmin'], request: ({ w }) => ({ query: { id: w.users.customerUser.user.id } }) },
  { call: 'GET /user/all', allowed: ['customerAdmin', 'supplierAdmin', 'adminUser', 'platformAdmin'], request: () => ({}) },
  { call: 'GET /user/company', allowed: ['customerAdmin', 'platformAdmin'], request: ({ w }) => ({ query: { companyId: w.companies.CUSTOMER.id } }) },
  { call: 'POST /user/', allowed: ['customerAdmin', 'supplierAdmin', 'platformAdmin'], request: ({ w }) => ({ body: newUser(w.companies.CUSTOMER.id) }) },
  {
    call: 'POST /user/update',
    allowed: ['customerUser', 'customerAdmin', 'platformAdmin'],
    request: ({ w }) => {
      const u = w.users.customerUser.user;
      return { body: { id: u.id, name: u.name, lastname: u.lastname, mail: u.mail, phoneNumber: u.phoneNumber, admin: false } };
    },
  },
  {
    call: 'POST /user/delete',
    allowed: ['customerAdmin', 'platformAdmin'],
    request: async ({ w }) => ({ query: { userId: (await createUser(w.companies.CUSTOMER, { signIn: false })).user.id } }),
  },
  { call: 'GET /company/', allowed: 'signedIn', request: ({ ownCompany }) => ({ query: { id: ownCompany } }) },
  { call: 'GET /company/', allowed: ['customerUser', 'customerAdmin', 'platformAdmin'], request: ({ w }) => ({ query: { id: w.companies.CUSTOMER.id } }) },
  { call: 'GET /company/all', allowed: ['adminUser', 'platformAdmin'], request: () => ({}) },
  {
    call: 'POST /company/',
    allowed: ['platformAdmin'],
    request: () => ({ body: { name: 'Matrix GmbH', type: 'SUPPLIER', address: { street: 's', houseNo: '1', zip: '1', city: 'c' } } }),
  },
  { call: 'POST /company/update', allowed: ['platformAdmin'], request: ({ target }) => ({ body: companyForm(target) }) },
  {
    call: 'POST /company/delete',
    allowed: ['platformAdmin'],
    request: async () => ({ query: { companyId: (await createCompany('SUPPLIER')).id } }),
  },
  // files: the caller's own company's documents (other companies answer 404, see files.api.test.ts)
  { call: 'GET /file/names', allowed: SIGNED_IN.filter((k) => k !== 'externalUser'), request: ({ w, ownCompany }) => ({ query: { path: ownDocuments(w, ownCompany) } }) },
  { call: 'GET /file/', allowed: SIGNED_IN.filter((k) => k !== 'externalUser'), request: async ({ w, ownCompany }) => ({ query: { path: await storedDocument(w, ownCompany) } }) },
  {
    call: 'POST /file/',
    allowed: ['customerAdmin', 'supplierAdmin', 'platformAdmin'],
    request: () => ({}),
    send: ({ w, ownCompany }, token) => uploadFile(token, ownDocuments(w, ownCompany), 'Matrix.pdf', pdfBytes()),
  },
  { call: 'POST /file/delete', allowed: ['customerAdmin', 'supplierAdmin', 'platformAdmin'], request: async ({ w, ownCompany }) => ({ query: { path: await storedDocument(w, ownCompany) } }) },
  { call: 'GET /legal/avv', allowed: SIGNED_IN.filter((k) => k !== 'externalUser'), request: () => ({}) },
  // last: a password change ends the caller's older sessions
  { call: 'POST /user/password/reset', allowed: 'signedIn', request: ({ w, kind }) => ({ body: { mail: kind === 'anonymous' ? w.users.customerUser.mail : w.users[kind].mail, password: PASSWORD } }) },
];

/** The documents folder of the caller's company (anonymous callers: the customer company's). */
function ownDocuments(w: World, ownCompany: string | undefined): string {
  return companyDocumentsPath(ownCompany ?? w.companies.CUSTOMER.id);
}

/** A document stored there by a platform admin; its path. */
async function storedDocument(w: World, ownCompany: string | undefined): Promise<string> {
  const res = await uploadFile(w.token('platformAdmin'), ownDocuments(w, ownCompany), 'Matrix.pdf', pdfBytes());
  if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
  return (res.body as { path: string }).path;
}

function allowedKinds(row: Row): readonly CallerKind[] {
  if (row.allowed === 'anyone') return CALLER_KINDS;
  if (row.allowed === 'signedIn') return SIGNED_IN;
  return row.allowed;
}

const CASES = TABLE.flatMap((row, index) =>
  CALLER_KINDS.map((kind) => ({ index, call: row.call, kind, allowed: allowedKinds(row).includes(kind) })));

let w: World;
let target: Company;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  target = await createCompany('SUPPLIER');
});
afterAll(disposeClients);

describe('access matrix', () => {
  it('covers every endpoint of docs/api.md', () => {
    const calls = new Set(TABLE.map((r) => r.call));
    expect(calls.size).toBe(22); // the 21 calls of docs/api.md + GET /health
  });

  it.each(CASES)('$call [$index] as $kind → allowed: $allowed', async ({ index, kind, allowed }) => {
    const row = TABLE[index]!;
    const [method, path] = row.call.split(' ') as [string, string];
    const self = kind === 'anonymous' ? undefined : w.users[kind].user.id;
    const ownCompany = kind === 'anonymous' ? undefined : w.users[kind].company.id;
    const ctx = { w, kind, self, ownCompany, target };
    const req = await row.request(ctx);
    const res = row.send ? await row.send(ctx, w.token(kind)) : await call(method, path, { token: w.token(kind), ...req });
    if (allowed) {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeGreaterThanOrEqual(200);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(300);
    } else {
      expect(res.status).toBe(kind === 'anonymous' ? 401 : 403);
    }
  });
});
