import type { AccessRow } from '../../testing/access-matrix.js';

/** /health rows of the access matrix. */
export const HEALTH_ACCESS: AccessRow[] = [{ call: 'GET /health', allowed: 'anyone', request: () => ({}) }];
