import type { Config } from '../config.js';

/** Parameters for containers built inside unit tests (no Functions runtime, no .env file). */
export const TEST_CONFIG: Config = { portalUrl: 'http://portal.test', mailFrom: '', passwordResetIntervalMs: 60_000 };
