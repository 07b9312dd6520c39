import type { Request, RequestHandler, Response } from 'express';
import type { CompanyType } from '../model/company.js';
import { isUserManager } from '../model/permissions.js';
import type { Principal } from '../model/user.js';
import { ApiError } from '../platform/api-error.js';
import { principalOf } from './authenticate.js';

type Check = (principal: Principal, req: Request, res: Response) => boolean | Promise<boolean>;

/**
 * A guard: refuses with 403 unless the check holds. Declared per route after authenticate. Guards state
 * facts about the CALLER only (company type, admin flag, restriction); rules about a record are checked
 * in the service on the record it read (http/record-access.ts, model/permissions-*.ts).
 */
export function guard(check: Check): RequestHandler {
  return async (req, res, next) => {
    const principal = principalOf(res);
    // a restricted caller learns why (the web shows the profile banner), everybody else: forbidden
    if (!(await check(principal, req, res))) throw ApiError.forbidden(principal.restriction ?? 'forbidden');
    next();
  };
}

export const requireCompanyType = (...types: CompanyType[]) => guard((p) => types.includes(p.companyType));
export const requireNotExternal = guard((p) => p.companyType !== 'EXTERNAL');
export const requirePlatformAdmin = guard((p) => p.platformAdmin);
/** Platform admin, or CUSTOMER/SUPPLIER admin (their own company's users). */
export const requireUserManager = guard((p) => isUserManager(p));
/** Platform admin or an ADMIN-company user, or a CUSTOMER/SUPPLIER admin. */
export const requireUserLister = guard((p) => p.companyType === 'ADMIN' || isUserManager(p));
