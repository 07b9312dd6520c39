import type { AccessRow } from '../../testing/access-matrix.js';
import { create__Pascal__ } from './__kebab__-fixtures.js';

/**
 * /__kebab__ rows of the access matrix: platform administrators only - an ADMIN-company user without the flag,
 * customers, suppliers and externals get 403, anonymous callers 401.
 */
const platformAdmin = ['platformAdmin'] as const;

export const __UPPER___ACCESS: AccessRow[] = [
  { call: 'GET /__kebab__/filter', allowed: platformAdmin, request: () => ({}) },
  {
    call: 'GET /__kebab__/',
    allowed: platformAdmin,
    request: async () => ({ query: { id: (await create__Pascal__()).id } }),
  },
];
