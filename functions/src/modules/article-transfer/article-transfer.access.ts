import type { AccessRow } from '../../testing/access-matrix.js';
import { post } from '../../testing/api-client.js';
import { uniq } from '../catalogue/catalogue-fixtures.js';
import { createImportConfig, csvFile, startImport, waitUntilNoImportRuns } from './article-transfer-fixtures.js';

/**
 * /article/import and /article/export rows of the access matrix (docs/api.md "Article import and export",
 * docs/decisions-imports.md "Access"): the import for admin-flag users of the ADMIN company, the export for every
 * ADMIN-company user.
 */
const flagged = ['platformAdmin'] as const;
const adminCompany = ['adminUser', 'platformAdmin'] as const;

export const rows: AccessRow[] = [
  {
    call: 'POST /article/import',
    allowed: flagged,
    request: () => ({}),
    async send(_ctx, token) {
      const config = await createImportConfig();
      // one import at a time: the allowed call must not meet an import of an earlier row or file
      await waitUntilNoImportRuns();
      return startImport(token, config.id, {
        name: 'matrix.csv',
        bytes: csvFile([[uniq('MATRIX'), '', '', '', '', '', '', '', '', '']]),
      });
    },
  },
  {
    call: 'POST /article/import/upload',
    allowed: flagged,
    request: () => ({ body: { fileName: 'matrix.csv', size: 100 } }),
  },
  {
    call: 'POST /article/import/uploaded',
    allowed: flagged,
    request: () => ({}),
    async send(ctx, token) {
      const config = await createImportConfig();
      // a file uploaded through a session (issued to the admin), then the import started by the caller
      const session = await post('/article/import/upload', {
        token: ctx.w.users.platformAdmin.token,
        body: { fileName: 'matrix.csv', size: 100 },
      });
      const bytes = csvFile([[uniq('MATRIX'), '', '', '', '', '', '', '', '', '']]);
      await fetch(session.body.uploadUrl, { method: 'PUT', body: Buffer.from(bytes) });
      await waitUntilNoImportRuns();
      return post('/article/import/uploaded', {
        token,
        body: { importId: session.body.importId, importConfigId: config.id },
      });
    },
  },
  { call: 'GET /article/import', allowed: flagged, request: () => ({}) },
  { call: 'GET /article/import/abort', allowed: flagged, request: () => ({}) },
  {
    call: 'POST /article/export',
    allowed: adminCompany,
    request: () => ({ body: { manufacturers: [], importSources: ['MYSQL'], priceRange: { from: 1, to: 2 } } }),
  },
];
