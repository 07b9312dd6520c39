import type { Config } from '../config.js';
import {
  REGISTRATION_DIGEST_INTERVAL_MS,
  registrationDigestIntervalSeconds,
} from '../modules/users/registration-limits.js';

/** Parameters for containers built inside unit tests (no Functions runtime, no .env file). */
export const TEST_CONFIG: Config = {
  portalUrl: 'http://portal.test',
  mailFrom: '',
  passwordResetIntervalMs: 60_000,
  areaParams: { [registrationDigestIntervalSeconds.name]: REGISTRATION_DIGEST_INTERVAL_MS / 1000 },
};
