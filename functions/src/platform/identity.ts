import { randomBytes } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { ApiError, errorsOf } from './api-error.js';
import { USER_ERRORS } from '../model/user.js';

/** The part of firebase-admin's Auth that authentication needs (injected so a unit test can watch it). */
export interface TokenVerifier {
  verifyIdToken(idToken: string, checkRevoked?: boolean): Promise<{ uid: string }>;
}

const fail = errorsOf(USER_ERRORS);

/** The Firebase Auth error code of an error (`auth/...`), wherever the SDK put it. */
export function authCode(error: unknown): string | undefined {
  const e = error as { code?: string; errorInfo?: { code?: string } };
  return e?.errorInfo?.code ?? e?.code;
}

/** The identity provider (Firebase Auth) behind a small interface; services never see firebase errors. */
export class Identity {
  constructor(private readonly auth: Auth) {}

  async createAccount(args: { mail: string; password?: string; displayName?: string }): Promise<string> {
    try {
      const record = await this.auth.createUser({
        email: args.mail,
        password: args.password ?? Identity.randomPassword(),
        displayName: args.displayName,
        emailVerified: false,
        disabled: false,
      });
      return record.uid;
    } catch (error) {
      throw this.map(error);
    }
  }

  async deleteAccount(uid: string): Promise<void> {
    try {
      await this.auth.deleteUser(uid);
    } catch (error) {
      if (authCode(error) !== 'auth/user-not-found') throw error;
    }
  }

  async setPassword(uid: string, password: string): Promise<void> {
    try {
      await this.auth.updateUser(uid, { password });
    } catch (error) {
      throw this.map(error);
    }
  }

  async setMail(uid: string, mail: string): Promise<void> {
    try {
      await this.auth.updateUser(uid, { email: mail });
    } catch (error) {
      throw this.map(error);
    }
  }

  async findUid(mail: string): Promise<string | undefined> {
    try {
      return (await this.auth.getUserByEmail(mail)).uid;
    } catch (error) {
      if (authCode(error) === 'auth/user-not-found') return undefined;
      throw error;
    }
  }

  /** A one-time password-reset code; the portal builds its own link around it. */
  async passwordResetCode(mail: string): Promise<string> {
    const link = await this.auth.generatePasswordResetLink(mail);
    const code = new URL(link).searchParams.get('oobCode');
    if (!code) throw new Error('password reset link without oobCode');
    return code;
  }

  async revokeSessions(uid: string): Promise<void> {
    try {
      await this.auth.revokeRefreshTokens(uid);
    } catch (error) {
      if (authCode(error) !== 'auth/user-not-found') throw error;
    }
  }

  static randomPassword(): string {
    return `${randomBytes(18).toString('base64url')}aA1!`;
  }

  private map(error: unknown): unknown {
    const code = authCode(error);
    if (code === 'auth/email-already-exists') return fail.mailInUse();
    if (code === 'auth/invalid-password')
      return ApiError.badRequest('validation', [{ path: 'password', key: 'validation.passwordMin' }]);
    if (code === 'auth/invalid-email')
      return ApiError.badRequest('validation', [{ path: 'mail', key: 'validation.email' }]);
    if (code === 'auth/user-not-found') return ApiError.notFound();
    return error;
  }
}
