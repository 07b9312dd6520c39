import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import { configBody, createImportConfig, postConfig, priceListCsv } from './import-configs-fixtures.js';
import { postForm } from '../../testing/upload-client.js';

/**
 * /import/config rows of the access matrix (docs/api.md "Import configurations"): admin-flag users of the ADMIN
 * company only (spec 02 §2/§6) - an ADMIN-company user without the flag, customers, suppliers, externals: 403.
 */
const flagged = ['platformAdmin'] as const;
const token = (ctx: AccessCtx) => ctx.w.users.platformAdmin.token;

export const IMPORT_CONFIGS_ACCESS: AccessRow[] = [
  {
    call: 'GET /import/config/',
    allowed: flagged,
    request: async (ctx) => ({ query: { id: (await createImportConfig(token(ctx))).id } }),
  },
  {
    call: 'GET /import/config/history',
    allowed: flagged,
    request: async (ctx) => ({ query: { id: (await createImportConfig(token(ctx))).id } }),
  },
  { call: 'GET /import/config/all', allowed: flagged, request: () => ({}) },
  {
    call: 'POST /import/config/',
    allowed: flagged,
    request: () => ({}),
    send: (_ctx, t) => postConfig(t),
  },
  {
    call: 'POST /import/config/update',
    allowed: flagged,
    request: async (ctx) => {
      const config = await createImportConfig(token(ctx));
      return { body: { ...config, title: `${config.title} geändert` } };
    },
  },
  {
    call: 'POST /import/config/delete',
    allowed: flagged,
    request: async (ctx) => ({ body: { configId: (await createImportConfig(token(ctx), configBody())).id } }),
  },
  {
    call: 'POST /import/config/headers',
    allowed: flagged,
    request: () => ({}),
    send: (_ctx, t) =>
      postForm(t, '/import/config/headers', { headerRowIndex: '1' }, { name: 'p.csv', bytes: priceListCsv() }),
  },
];
