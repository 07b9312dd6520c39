import { randomBytes } from 'node:crypto';
import { addressKey } from '../../http/client-address.js';
import { errorsOf, TooManyRequests } from '../../platform/api-error.js';
import type { RateLimit, ThrottlesRepository } from '../../data/throttles.repository.js';
import {
  BUSINESS_DATA_ERRORS,
  berlinDate,
  FOLDER_DEVICE_TTL_MS,
  FOLDER_TOKEN_TTL_MS,
  type FolderCheckAnswer,
  type PublicFolderView,
} from '../../model/business-data.js';
import { folderAccess, isFolderOpen } from '../../model/permissions-business-data.js';
import type { BusinessDataRepository } from './business-data.repository.js';
import { itemsOf, tokenKey } from './business-data.repository.js';
import type { FolderResolver, ResolvedFolder } from './folder-resolver.js';
import { verifyPassword } from './password-hash.js';

const fail = errorsOf(BUSINESS_DATA_ERRORS);

/**
 * Failed password attempts (docs/decisions-project-folder.md "Anonymous access"): per folder and client address
 * 10 per 30 minutes, per folder 50 per hour (from everybody: the backstop against a forged or rotating address).
 * A visitor who sends a device token of the folder (issued by an earlier right password, docs/decisions-hardening.md
 * "Password link lockout") is counted per device token only — 10 per 30 minutes —, so a flood under forged
 * addresses that exhausts the folder-wide limit does not lock out who had the password.
 * Every attempt takes a use before its hash and a right password gives it back, so only failures count, and however
 * many attempts arrive at once no more than the limits are evaluated; while a limit is exhausted every attempt is
 * refused before any hash (a correct password too).
 */
export const CHECK_LIMITS = {
  perAddress: 10,
  addressWindowMs: 30 * 60_000,
  perFolder: 50,
  folderWindowMs: 60 * 60_000,
} as const;

export function checkLimits(
  folderId: string,
  address: string | undefined,
  l = CHECK_LIMITS,
  device?: string,
): RateLimit[] {
  if (device)
    return [
      {
        key: `businessDataCheck:device:${folderId}:${tokenKey(device)}`,
        limit: l.perAddress,
        windowMs: l.addressWindowMs,
      },
    ];
  return [
    {
      key: `businessDataCheck:address:${folderId}:${addressKey(address)}`,
      limit: l.perAddress,
      windowMs: l.addressWindowMs,
    },
    { key: `businessDataCheck:folder:${folderId}`, limit: l.perFolder, windowMs: l.folderWindowMs },
  ];
}

/** The anonymous view of a folder: only what its file table shows. */
export function publicView(resolved: ResolvedFolder): PublicFolderView {
  return {
    offerId: resolved.shown.id,
    referenceNumber: resolved.shown.referenceNumber,
    items: itemsOf(resolved.record).map(({ id, filename, downloadCounter, lastUpdate }) => ({
      id,
      filename,
      downloadCounter,
      lastUpdate,
    })),
  };
}

/** A folder whose anonymous access is usable now (on, a password set, the offer open), or undefined. */
function anonymousFolder(resolved: ResolvedFolder | undefined): ResolvedFolder | undefined {
  const s = resolved?.facts.settings;
  return resolved && s?.allowAnonymous && s.hasPassword && isFolderOpen(resolved.facts) ? resolved : undefined;
}

/**
 * The password link (spec 01 §2 "/business-data/:id" signed out, §7 check, §8): the password check issues a
 * short-lived folder token — 32 random bytes, stored only as its SHA-256 with the folder, the password version and
 * the expiry — that every anonymous call sends in `X-Folder-Token`. A token counts only for its folder, while its
 * password version is the folder's (a password change or turning anonymous access off raises it), anonymous access
 * is on and it has not expired: checked on every call.
 */
export class AnonymousAccess {
  constructor(
    private readonly d: {
      folders: BusinessDataRepository;
      resolver: FolderResolver;
      throttles: Pick<ThrottlesRepository, 'tryUseAll' | 'refund'>;
      now: () => Date;
      limits?: typeof CHECK_LIMITS;
    },
  ) {}

  /**
   * POST /offer/businessdata/check: 412 notAllowed (off, unknown or hidden), 429, 403 wrongPassword, or a folder
   * token and a device token (the one sent, while it counts, else a new one).
   */
  async check(
    offerId: string,
    password: string,
    address: string | undefined,
    deviceToken?: string,
  ): Promise<FolderCheckAnswer> {
    const folder = anonymousFolder(await this.d.resolver.byOfferId(offerId));
    if (!folder) throw fail.notAllowed();
    const passwordVersion = folder.record?.passwordVersion ?? 0;
    const device = (await this.deviceCounts(deviceToken, folder.folderId, passwordVersion)) ? deviceToken : undefined;
    const limits = checkLimits(folder.folderId, address, this.d.limits, device);
    // The attempt is counted before the hash, in one transaction with the verdict, so attempts that arrive at once
    // cannot all be evaluated: at most `limit` of them pass, the rest answer 429 without hashing.
    const attemptAt = this.d.now();
    const verdict = await this.d.throttles.tryUseAll(limits, attemptAt);
    if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterMs);
    const secret = await this.d.folders.secret(folder.folderId);
    if (!secret || !(await verifyPassword(password, secret))) throw fail.wrongPassword();
    // only failures count: a visitor who knows the password is never locked out by his own visits
    await this.d.throttles.refund(limits, attemptAt);
    const now = this.d.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + FOLDER_TOKEN_TTL_MS);
    await this.d.folders.createToken(token, { folderId: folder.folderId, passwordVersion, expiresAt }, now);
    const answerDevice = device ?? randomBytes(32).toString('base64url');
    if (!device)
      await this.d.folders.createDevice(
        answerDevice,
        { folderId: folder.folderId, passwordVersion, expiresAt: new Date(now.getTime() + FOLDER_DEVICE_TTL_MS) },
        now,
      );
    return { token, expiresAt, deviceToken: answerDevice, folder: publicView(folder) };
  }

  /**
   * A device token counts for its folder while the folder's password version is the one it was issued for (a
   * password change or turning anonymous access off ends it, as the folder tokens) and it has not expired.
   */
  private async deviceCounts(token: string | undefined, folderId: string, passwordVersion: number) {
    const stored = token ? await this.d.folders.device(token) : undefined;
    return (
      !!stored &&
      stored.folderId === folderId &&
      stored.passwordVersion === passwordVersion &&
      stored.expiresAt.getTime() > this.d.now().getTime()
    );
  }

  /** The folder an anonymous call addresses, if its token counts for it now; else 401 folderTokenInvalid. */
  async folderFor(token: string | undefined, offerId: string): Promise<ResolvedFolder> {
    const stored = token ? await this.d.folders.token(token) : undefined;
    if (!stored) throw fail.folderTokenInvalid();
    const resolved = await this.d.resolver.byOfferId(offerId);
    const now = this.d.now();
    const valid =
      !!resolved?.record &&
      resolved.folderId === stored.folderId &&
      resolved.record.passwordVersion === stored.passwordVersion &&
      stored.expiresAt.getTime() > now.getTime();
    const access = resolved && folderAccess({ kind: 'anonymous', tokenValid: valid }, resolved.facts, berlinDate(now));
    if (!access?.read) throw fail.folderTokenInvalid();
    return resolved!;
  }
}
