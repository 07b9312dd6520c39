import type { Request, RequestHandler, Response } from 'express';
import type { CompanyType } from '../model/company.js';
import { isManagerOf, isManagerOfCompany, isUserManager } from '../model/permissions.js';
import { isValidId } from '../model/id.js';
import type { Principal, User } from '../model/user.js';
import { ApiError } from './api-error.js';
import { principalOf } from './authenticate.js';

type Check = (principal: Principal, req: Request, res: Response) => boolean | Promise<boolean>;

/** A guard: refuses with 403 unless the check holds. Declared per route after authenticate. */
export function guard(check: Check): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(async () => {
        const principal = principalOf(res);
        const ok = await check(principal, req, res);
        // a restricted caller learns why (the web shows the profile banner), everybody else: forbidden
        next(ok ? undefined : ApiError.forbidden(principal.restriction ?? 'forbidden'));
      })
      .catch(next);
  };
}

/** A non-blank string, trimmed; anything else is absent. */
function trimmed(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function queryParam(req: Request, name: string): string | undefined {
  return trimmed(req.query[name]);
}

/** A present id is checked before any lookup: a malformed one answers 400 (firebase-admin would throw). */
function checkedId(value: string | undefined, path: string): string | undefined {
  if (value !== undefined && !isValidId(value)) throw ApiError.badRequest('validation', [{ path, key: 'validation.id' }]);
  return value;
}

/** Restricted callers (first password, pending company) may only touch their own data. */
function unrestrictedOr(principal: Principal, own: boolean): boolean {
  return !principal.restriction || own;
}

export const requireCompanyType = (...types: CompanyType[]) => guard((p) => types.includes(p.companyType));
export const requireNotExternal = guard((p) => p.companyType !== 'EXTERNAL');
export const requirePlatformAdmin = guard((p) => p.platformAdmin);
/** Platform admin, or CUSTOMER/SUPPLIER admin (their own company's users). */
export const requireUserManager = guard((p) => isUserManager(p));
/** Platform admin or an ADMIN-company user, or a CUSTOMER/SUPPLIER admin. */
export const requireUserLister = guard((p) => p.companyType === 'ADMIN' || isUserManager(p));

/** The query parameter names the caller himself. */
export const requireSelfQuery = (param: string) => guard((p, req) => queryParam(req, param) === p.uid);

/** The query parameter names the caller's own company, or the caller is a platform admin. */
export const requireOwnCompanyOrPlatformAdmin = (param: string) =>
  guard((p, req) => {
    const own = queryParam(req, param) === p.company.id;
    return unrestrictedOr(p, own) && (own || p.platformAdmin);
  });

/** Manager of the users of the company named in the query (platform admin, or its company admin). */
export const requireManagerOfCompanyQuery = (param: string) =>
  guard((p, req) => {
    const companyId = queryParam(req, param);
    return !!companyId && isManagerOfCompany(p, companyId);
  });

export type UserLookup = (id: string) => Promise<Pick<User, 'id' | 'companyId'> | undefined>;

/**
 * Manager of the user named by `from(req)`; an unknown user is refused like a foreign one unless the
 * caller is a platform admin (who then gets the service's 404), so ids cannot be probed.
 */
export const requireManagerOf = (from: (req: Request) => string | undefined, lookup: UserLookup, opts: { allowSelf?: boolean; forbidSelf?: boolean } = {}) =>
  guard(async (p, req) => {
    const id = from(req);
    if (!id) return p.platformAdmin;
    if (id === p.uid) return !!opts.allowSelf && !opts.forbidSelf;
    if (p.platformAdmin) return true;
    const target = await lookup(id);
    return !!target && isManagerOf(p, target);
  });

/** Reader of a user: self; manager of that user; any ADMIN-company user. Restricted: self only. */
export const requireUserReader = (param: string, lookup: UserLookup) =>
  guard(async (p, req) => {
    const id = checkedId(queryParam(req, param), param);
    if (!id) return !p.restriction;
    if (id === p.uid) return true;
    if (p.restriction) return false;
    if (p.companyType === 'ADMIN') return true;
    const target = await lookup(id);
    return !!target && isManagerOf(p, target);
  });

/** The id in a query parameter; throws 400 validation for a malformed id (before any lookup). */
export const fromQuery = (name: string) => (req: Request) => checkedId(queryParam(req, name), name);
/** The id in a body field; throws 400 validation for a malformed id (before any lookup). */
export const fromBody = (name: string) => (req: Request) =>
  checkedId(trimmed((req.body as Record<string, unknown> | undefined)?.[name]), name);
