import { defineInt } from 'firebase-functions/params';
import { areaIntParam, type Config } from '../../config.js';
import { addressKey } from '../../http/client-address.js';
import type { RateLimit } from '../../data/throttles.repository.js';

/**
 * Throttles of the public POST /user/register (docs/decisions-hardening.md). Each registration creates an
 * Auth account and a pending company that a platform admin has to review, so the limits are sized for
 * a B2B portal that sees a few registrations a day, not for a consumer sign-up.
 */
export interface RegistrationLimits {
  perAddress: number;
  perDomain: number;
  pendingGlobal: number;
  windowMs: number;
}

export const REGISTRATION_LIMITS: RegistrationLimits = {
  /** Attempts per client address (IPv6: per /64) and hour: a colleague's retry or a typo fits, a script does not. */
  perAddress: 5,
  /** Attempts per mail domain and hour; free-mail domains count as one domain like any other. */
  perDomain: 3,
  /** Registrations created (pending companies) per hour, from everybody together. */
  pendingGlobal: 50,
  windowMs: 60 * 60_000,
};

/**
 * The platform admins get at most one digest mail of new registrations per this interval: the default of the
 * Functions parameter REGISTRATION_DIGEST_INTERVAL_SECONDS.
 */
export const REGISTRATION_DIGEST_INTERVAL_MS = 15 * 60_000;

/** The users area's own Functions parameter; the local test stack shortens it to see a digest within a test. */
export const registrationDigestIntervalSeconds = defineInt('REGISTRATION_DIGEST_INTERVAL_SECONDS', {
  default: REGISTRATION_DIGEST_INTERVAL_MS / 1000,
});

/** The registration digest's interval for this build (config.ts `areaIntParam`). */
export function registrationDigestIntervalMs(config: Config): number {
  return areaIntParam(config, registrationDigestIntervalSeconds) * 1000;
}

export { TooManyRequests } from '../../platform/api-error.js';
export { addressKey };

/**
 * Second-level labels under which registries hand out names (`firma.co.uk`): the domain key keeps three
 * labels there. A short list for the markets the portal serves; anything else keeps two labels.
 */
const SECOND_LEVEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gv.at',
  'co.at',
  'or.at',
  'com.au',
  'co.nz',
  'co.jp',
  'com.br',
  'com.cn',
  'com.tr',
  'co.za',
  'com.pl',
]);

/**
 * The throttle key of a mail address: its registrable domain, so `a.firma.de` and `b.firma.de` (a
 * catch-all with made-up subdomains) count as `firma.de`. Free-mail domains are not exempt: gmail.com
 * is one domain, and a flood through it is exactly what the limit is for.
 */
export function mailDomainKey(mail: string): string {
  const domain = mail
    .slice(mail.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  const labels = domain.split('.').filter(Boolean);
  const keep = labels.length >= 3 && SECOND_LEVEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.slice(-keep).join('.') || 'unknown';
}

/** Checked and counted for every valid attempt, before the Auth account is created. */
export function attemptLimits(address: string | undefined, mail: string, l: RegistrationLimits = REGISTRATION_LIMITS) {
  return [
    { key: `registration:address:${addressKey(address)}`, limit: l.perAddress, windowMs: l.windowMs },
    { key: `registration:domain:${mailDomainKey(mail)}`, limit: l.perDomain, windowMs: l.windowMs },
  ] satisfies RateLimit[];
}

/** Counted in the transaction that creates the pending company. */
export function pendingLimit(l: RegistrationLimits = REGISTRATION_LIMITS): RateLimit {
  return { key: 'registration:pending', limit: l.pendingGlobal, windowMs: l.windowMs };
}
