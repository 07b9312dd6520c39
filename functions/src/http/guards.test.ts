import type { Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { CompanyType } from '../model/company.js';
import { principal } from '../testing/principals.js';
import {
  fromBody, fromQuery, requireCompanyType, requireManagerOf, requireManagerOfCompanyQuery, requireNotExternal,
  requireOwnCompanyOrPlatformAdmin, requirePlatformAdmin, requireSelfQuery, requireUserLister, requireUserManager, requireUserReader,
} from './guards.js';

const users: Record<string, { id: string; companyId: string }> = {
  'cust-1': { id: 'cust-1', companyId: 'customer-co' },
  'supp-1': { id: 'supp-1', companyId: 'supplier-co' },
};
const lookup = async (id: string) => users[id];

async function allows(mw: RequestHandler, p: ReturnType<typeof principal>, query: Record<string, string> = {}): Promise<boolean> {
  const req = { query, body: {} } as unknown as Request;
  const res = { locals: { principal: p } } as unknown as Response;
  const error = await new Promise((resolve) => mw(req, res, resolve));
  if (error && (error as { status?: number }).status !== 403) throw error;
  return !error;
}

const kinds = {
  customerUser: principal('CUSTOMER'),
  customerAdmin: principal('CUSTOMER', { admin: true }),
  supplierAdmin: principal('SUPPLIER', { admin: true }),
  adminUser: principal('ADMIN'),
  platformAdmin: principal('ADMIN', { admin: true }),
  externalAdmin: principal('EXTERNAL', { admin: true }),
};
type Kind = keyof typeof kinds;

function table(mw: RequestHandler, expected: Kind[], query?: Record<string, string>) {
  return Promise.all(
    (Object.keys(kinds) as Kind[]).map(async (k) => [k, await allows(mw, kinds[k], query)] as const),
  ).then((rows) => expect(Object.fromEntries(rows)).toEqual(Object.fromEntries((Object.keys(kinds) as Kind[]).map((k) => [k, expected.includes(k)]))));
}

describe('guards', () => {
  it('company type, platform admin, not external', async () => {
    await table(requireCompanyType('ADMIN' as CompanyType), ['adminUser', 'platformAdmin']);
    await table(requirePlatformAdmin, ['platformAdmin']);
    await table(requireNotExternal, ['customerUser', 'customerAdmin', 'supplierAdmin', 'adminUser', 'platformAdmin']);
  });

  it('user managers and listers: EXTERNAL admins manage nobody', async () => {
    await table(requireUserManager, ['customerAdmin', 'supplierAdmin', 'platformAdmin']);
    await table(requireUserLister, ['customerAdmin', 'supplierAdmin', 'adminUser', 'platformAdmin']);
  });

  it('manager of a user: platform admin anyone, company admin own company only', async () => {
    await table(requireManagerOf(fromQuery('userId'), lookup), ['customerAdmin', 'platformAdmin'], { userId: 'cust-1' });
    await table(requireManagerOf(fromQuery('userId'), lookup), ['supplierAdmin', 'platformAdmin'], { userId: 'supp-1' });
    // unknown ids look like foreign ones, except to the platform admin (who then gets a 404)
    await table(requireManagerOf(fromQuery('userId'), lookup), ['platformAdmin'], { userId: 'nobody' });
  });

  it('self: allowed only where declared', async () => {
    const self = kinds.customerAdmin;
    expect(await allows(requireManagerOf(fromQuery('userId'), lookup, { forbidSelf: true }), self, { userId: self.uid })).toBe(false);
    expect(await allows(requireManagerOf(fromQuery('userId'), lookup, { allowSelf: true }), self, { userId: self.uid })).toBe(true);
    expect(await allows(requireSelfQuery('userId'), self, { userId: self.uid })).toBe(true);
    expect(await allows(requireSelfQuery('userId'), self, { userId: 'someone' })).toBe(false);
  });

  it('reader of a user: self, manager, any ADMIN-company user', async () => {
    await table(requireUserReader('id', lookup), ['customerAdmin', 'adminUser', 'platformAdmin'], { id: 'cust-1' });
  });

  it('restricted callers may only read themselves and their own company', async () => {
    const restricted = principal('CUSTOMER', { admin: true, restriction: 'passwordChangeNeeded', companyId: 'customer-co' });
    expect(await allows(requireUserReader('id', lookup), restricted, { id: restricted.uid })).toBe(true);
    expect(await allows(requireUserReader('id', lookup), restricted, { id: 'cust-1' })).toBe(false);
    expect(await allows(requireOwnCompanyOrPlatformAdmin('id'), restricted, { id: 'customer-co' })).toBe(true);
    const restrictedAdmin = principal('ADMIN', { admin: true, restriction: 'passwordChangeNeeded' });
    expect(await allows(requireOwnCompanyOrPlatformAdmin('id'), restrictedAdmin, { id: 'customer-co' })).toBe(false);
  });

  it('company reads and company user lists', async () => {
    await table(requireOwnCompanyOrPlatformAdmin('id'), ['customerUser', 'customerAdmin', 'platformAdmin'], { id: 'customer-co' });
    await table(requireManagerOfCompanyQuery('companyId'), ['customerAdmin', 'platformAdmin'], { companyId: 'customer-co' });
    await table(requireManagerOfCompanyQuery('companyId'), ['platformAdmin'], { companyId: 'other-co' });
  });
});

describe('ids are checked before any lookup', () => {
  const throwingLookup = async (id: string): Promise<undefined> => { throw new Error(`lookup of ${id}`); };
  async function outcome(mw: RequestHandler, p: ReturnType<typeof principal>, req: { query?: Record<string, string>; body?: unknown }) {
    const request = { query: req.query ?? {}, body: req.body ?? {} } as unknown as Request;
    const res = { locals: { principal: p } } as unknown as Response;
    return new Promise<unknown>((resolve) => mw(request, res, resolve));
  }
  const bad = ['a/b', '__x__', '..', 'x'.repeat(129), 'ä'];

  it.each(bad)('answers 400 validation.id for %j in query and body, never looking it up', async (id) => {
    for (const p of Object.values(kinds)) {
      for (const [mw, req, path] of [
        [requireManagerOf(fromQuery('userId'), throwingLookup), { query: { userId: id } }, 'userId'],
        [requireManagerOf(fromBody('id'), throwingLookup, { allowSelf: true }), { body: { id } }, 'id'],
        [requireUserReader('id', throwingLookup), { query: { id } }, 'id'],
      ] as const) {
        const error = await outcome(mw, p, req);
        expect(error).toMatchObject({ status: 400, code: 'validation', details: [{ path, key: 'validation.id' }] });
      }
    }
  });
});
