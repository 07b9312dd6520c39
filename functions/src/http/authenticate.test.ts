import { describe, expect, it, vi } from 'vitest';
import type { Request, Response } from 'express';
import type { TokenVerifier } from '../platform/identity.js';
import { createAuthenticate } from './authenticate.js';
import { ApiError } from '../platform/api-error.js';
import { principal } from '../testing/principals.js';
import { createModules } from '../modules.js';
import { TEST_CONFIG } from '../testing/config.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { runMiddleware } from '../testing/run-middleware.js';

function run(mw: ReturnType<ReturnType<typeof createAuthenticate>>, headers: Record<string, string>) {
  const req = { headers } as unknown as Request;
  const res = { locals: {} } as unknown as Response;
  return runMiddleware(mw, req, res).then((error) => ({ error, res }));
}

function authError(code: string) {
  return Object.assign(new Error(code), { code });
}

describe('authenticate', () => {
  it('verifies the ID token WITH the revocation check (checkRevoked = true)', async () => {
    const verifier: TokenVerifier = { verifyIdToken: vi.fn(async () => ({ uid: 'u1' })) };
    const load = vi.fn(async () => principal('CUSTOMER', { uid: 'u1' }));
    const { error, res } = await run(createAuthenticate(verifier, load)(), { authorization: 'Bearer tok.en.x' });
    expect(error).toBeUndefined();
    expect(verifier.verifyIdToken).toHaveBeenCalledTimes(1);
    expect(verifier.verifyIdToken).toHaveBeenCalledWith('tok.en.x', true);
    expect(load).toHaveBeenCalledWith('u1');
    expect(res.locals.principal.uid).toBe('u1');
  });

  it('the production wiring passes firebase-admin Auth itself and calls it with checkRevoked = true', async () => {
    const app = getApps().find((a) => a.name === 'unit-auth') ?? initializeApp({ projectId: 'demo-unit' }, 'unit-auth');
    const auth = getAuth(app);
    const spy = vi.spyOn(auth, 'verifyIdToken').mockRejectedValue(authError('auth/id-token-revoked'));
    const c = createModules({ db: getFirestore(app), auth, config: TEST_CONFIG });
    const { error } = await run(c.authenticate(), { authorization: 'Bearer abc' });
    expect(spy).toHaveBeenCalledWith('abc', true);
    expect(error).toMatchObject({ status: 401, code: 'tokenRevoked' });
  });

  it.each([
    ['auth/id-token-revoked', 'tokenRevoked'],
    ['auth/user-disabled', 'userDisabled'],
    ['auth/id-token-expired', 'unauthenticated'],
    ['auth/argument-error', 'unauthenticated'],
  ])('maps %s to 401 %s', async (firebaseCode, code) => {
    const verifier: TokenVerifier = {
      verifyIdToken: vi.fn(async () => {
        throw authError(firebaseCode);
      }),
    };
    const { error } = await run(createAuthenticate(verifier, vi.fn())(), { authorization: 'Bearer x' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code });
  });

  it.each([{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }])(
    'answers 401 without a bearer token %o',
    async (headers) => {
      const verifier: TokenVerifier = { verifyIdToken: vi.fn() };
      const { error } = await run(createAuthenticate(verifier, vi.fn())(), headers as Record<string, string>);
      expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
      expect(verifier.verifyIdToken).not.toHaveBeenCalled();
    },
  );

  it('answers 401 when the account has no portal user', async () => {
    const verifier: TokenVerifier = { verifyIdToken: vi.fn(async () => ({ uid: 'ghost' })) };
    const { error } = await run(createAuthenticate(verifier, async () => undefined)(), { authorization: 'Bearer x' });
    expect(error).toMatchObject({ status: 401 });
  });

  it('answers 403 companyInactive for users of an inactive company, even on restricted calls', async () => {
    const verifier: TokenVerifier = { verifyIdToken: vi.fn(async () => ({ uid: 'u' })) };
    const load = async () => principal('CUSTOMER', { active: false });
    for (const options of [{}, { allowRestricted: true }]) {
      const { error } = await run(createAuthenticate(verifier, load)(options), { authorization: 'Bearer x' });
      expect(error).toMatchObject({ status: 403, code: 'companyInactive' });
    }
  });

  it.each(['passwordChangeNeeded', 'registrationPending'] as const)(
    'restricts %s callers to the allowed calls',
    async (restriction) => {
      const verifier: TokenVerifier = { verifyIdToken: vi.fn(async () => ({ uid: 'u' })) };
      const load = async () => principal('CUSTOMER', { restriction });
      const refused = await run(createAuthenticate(verifier, load)(), { authorization: 'Bearer x' });
      expect(refused.error).toMatchObject({ status: 403, code: restriction });
      const allowed = await run(createAuthenticate(verifier, load)({ allowRestricted: true }), {
        authorization: 'Bearer x',
      });
      expect(allowed.error).toBeUndefined();
    },
  );
});
