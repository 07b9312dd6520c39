import { SIGNED_IN, type AccessRow } from '../../testing/access-matrix.js';

/** /legal/* rows of the access matrix (docs/api.md). */
export const LEGAL_ACCESS: AccessRow[] = [
  { call: 'GET /legal/avv', allowed: SIGNED_IN.filter((k) => k !== 'externalUser'), request: () => ({}) },
];
