import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import { bomCsv, postForm } from '../enquiries/enquiries-fixtures.js';
import { importBom, importedBom, storeDoneImportTask } from './bom-import-fixtures.js';

/**
 * The admin BOM import's rows (docs/api.md "Admin BOM import"). Every ADMIN-company user may import, read the
 * header, read his own results and change their lines (manual match, re-match: the catalogue's write right, which
 * every ADMIN-company user has); the history (list, delete) is for administrators (admin flag). `admin=true` on
 * the map call from anybody else is refused (403; the plain map call is bom-jobs.access.ts').
 */
const adminCompany = ['adminUser', 'platformAdmin'] as const;
const administrators = ['platformAdmin'] as const;

const isAdminCompany = ({ kind }: AccessCtx) => kind === 'adminUser' || kind === 'platformAdmin';
/** A result of the ADMIN company's plain user (the administrator sees it as well), else an id nobody has. */
const resultId = async (ctx: AccessCtx) =>
  isAdminCompany(ctx)
    ? (await importedBom(ctx.w.users.adminUser.token, 'Zugriff.csv')).result.id
    : 'keinErgebnis000000';
const byId = async (ctx: AccessCtx) => ({ query: { id: await resultId(ctx) } });
/** A line of such a result (the first row of enquiry-fixtures' bomCsv: row 3), in a line call's body. */
const lineOf = async (ctx: AccessCtx) => ({ body: { id: await resultId(ctx), lineId: '0000003' } });

export const BOM_IMPORT_ACCESS: AccessRow[] = [
  {
    // the admin import: POST /enquiry/bom/map?admin=true
    call: 'POST /enquiry/bom/map',
    allowed: adminCompany,
    request: () => ({}),
    send: (_ctx, token) => importBom(token),
  },
  {
    call: 'POST /admin/bom/header',
    allowed: adminCompany,
    request: () => ({}),
    send: (_ctx, token) => postForm(token, '/admin/bom/header', {}, { name: 'Stückliste.csv', bytes: bomCsv() }),
  },
  { call: 'GET /admin/bom/all/simple', allowed: administrators, request: () => ({ query: {} }) },
  { call: 'GET /admin/bom/', allowed: adminCompany, request: byId },
  { call: 'GET /admin/bom/lines', allowed: adminCompany, request: byId },
  { call: 'GET /admin/bom/generated', allowed: adminCompany, request: byId },
  // the catalogue's writers (model canWriteCatalogue: the ADMIN company) on a result they may read
  { call: 'POST /admin/bom/line', allowed: adminCompany, request: lineOf },
  { call: 'POST /admin/bom/rematch', allowed: adminCompany, request: lineOf },
  {
    // a background import of the ADMIN company's plain user (the administrator follows every one)
    call: 'GET /admin/bom/task',
    allowed: adminCompany,
    request: async (ctx) => ({
      query: {
        taskId: isAdminCompany(ctx) ? await storeDoneImportTask(ctx.w.users.adminUser.user.id) : 'keineAufgabe000000',
      },
    }),
  },
  {
    call: 'GET /admin/bom/delete',
    allowed: administrators,
    request: async (ctx) => ({ query: { adminBOMResultIds: await resultId(ctx) } }),
  },
];
