import type { Request, RequestHandler, Response } from 'express';
import type { Principal } from '../model/user.js';
import { ApiError } from '../platform/api-error.js';
import { authCode, type TokenVerifier } from '../platform/identity.js';
import { Port } from '../platform/ports.js';

/** Reads the caller's user and company from Firestore (never from custom claims). */
export type PrincipalLoader = (uid: string) => Promise<Principal | undefined>;

/**
 * Who is calling: provided by the area that keeps users and companies (the users area); authenticate reads it
 * on the first request (`ports.later`), since every area, that one too, is built with authenticate.
 */
export const PRINCIPALS_PORT = new Port<PrincipalLoader>('principals');

interface AuthenticateOptions {
  /** The call is one of the few a restricted caller may make (docs/api.md "Restricted callers"). */
  allowRestricted?: boolean;
}

export type Authenticate = (options?: AuthenticateOptions) => RequestHandler;

function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function mapVerifyError(error: unknown): ApiError {
  const code = authCode(error);
  if (code === 'auth/id-token-revoked') return ApiError.unauthenticated('tokenRevoked');
  if (code === 'auth/user-disabled') return ApiError.unauthenticated('userDisabled');
  return ApiError.unauthenticated();
}

/**
 * Every protected request: verify the Firebase ID token WITH the revocation check (revoked and
 * disabled accounts → 401), load user + company, refuse inactive companies (403 companyInactive)
 * and restricted callers outside the allowed calls (403 passwordChangeNeeded / registrationPending).
 */
export function createAuthenticate(verifier: TokenVerifier, loadPrincipal: PrincipalLoader): Authenticate {
  return (options = {}) =>
    async (req, res, next) => {
      const token = bearerToken(req);
      if (!token) throw ApiError.unauthenticated();
      const decoded = await verifier.verifyIdToken(token, true).catch((error: unknown) => {
        throw mapVerifyError(error);
      });
      const principal = await loadPrincipal(decoded.uid);
      if (!principal) throw ApiError.unauthenticated();
      if (!principal.company.active) throw ApiError.forbidden('companyInactive');
      if (principal.restriction && !options.allowRestricted) throw ApiError.forbidden(principal.restriction);
      res.locals.principal = principal;
      next();
    };
}

/** The authenticated caller of this request (set by authenticate). */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw ApiError.unauthenticated();
  return principal;
}
