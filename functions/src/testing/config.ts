import type { Config } from '../config.js';
import { REGISTRATION_DIGEST_INTERVAL_MS } from '../modules/users/registration-limits.js';

/** Parameters for containers built inside unit tests (no Functions runtime, no .env file). */
export const TEST_CONFIG: Config = {
  portalUrl: 'http://portal.test',
  mailFrom: '',
  passwordResetIntervalMs: 60_000,
  registrationDigestIntervalMs: REGISTRATION_DIGEST_INTERVAL_MS,
};
