import type { Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { CompanyType } from '../model/company.js';
import { principal } from '../testing/principals.js';
import { runMiddleware } from '../testing/run-middleware.js';
import {
  requireCompanyType,
  requireNotExternal,
  requirePlatformAdmin,
  requireUserLister,
  requireUserManager,
} from './guards.js';

async function allows(
  mw: RequestHandler,
  p: ReturnType<typeof principal>,
  query: Record<string, string> = {},
): Promise<boolean> {
  const req = { query, body: {} } as unknown as Request;
  const res = { locals: { principal: p } } as unknown as Response;
  const error = await runMiddleware(mw, req, res);
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
  ).then((rows) =>
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries((Object.keys(kinds) as Kind[]).map((k) => [k, expected.includes(k)])),
    ),
  );
}

/** Guards state facts about the caller only; the record rules are tested in model/permissions.test.ts. */
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
});
