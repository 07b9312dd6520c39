import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import type { Offer } from '../../model/offer.js';
import { bomCsv, postForm } from '../enquiries/enquiries-fixtures.js';
import { importBom, importedBom, storeDoneImportTask } from './admin-bom-fixtures.js';
import { BOM_CSV_MAPPING, bomOffer, mappedEnquiry, storeDoneMapTask } from './bom-job-fixtures.js';

/**
 * /enquiry/bom/{mapping,map,lines,line,generated} rows of the access matrix (docs/api.md "BOM jobs"). ADMIN and
 * EXTERNAL callers are refused by the guard (403). Suppliers are tested on a RELEASED mapped enquiry, which they see:
 * mapping and line edits are the customer's (403), reading lines and the generated file is theirs too.
 */
const customers = ['customerUser', 'customerAdmin'] as const;
const traders = ['customerUser', 'customerAdmin', 'supplierUser', 'supplierAdmin'] as const;

const isSupplier = ({ kind }: AccessCtx) => kind === 'supplierUser' || kind === 'supplierAdmin';
/** A mapped draft for the customer's callers, a released mapped enquiry for everybody else. */
const target = async (ctx: AccessCtx) =>
  (traders as readonly string[]).includes(ctx.kind)
    ? mappedEnquiry(ctx.w.users.customerAdmin, isSupplier(ctx))
    : // refused by the guard before any record is read
      { id: 'keineAnfrage0000000' };
const byEnquiryId = async (ctx: AccessCtx) => ({ query: { enquiryId: (await target(ctx)).id } });

/**
 * The offer variants (`offerId`): only the offer's supplier. His callers get his mapped draft; the customer's
 * callers a released offer on their enquiry, which they see but whose BOM is the supplier's (403).
 */
const suppliers = ['supplierUser', 'supplierAdmin'] as const;
const offerTarget = async (ctx: AccessCtx): Promise<Pick<Offer, 'id' | 'enquiryId'>> => {
  const { customerAdmin, supplierAdmin } = ctx.w.users;
  if (isSupplier(ctx)) return bomOffer(customerAdmin, supplierAdmin, { map: true });
  if ((customers as readonly string[]).includes(ctx.kind))
    return bomOffer(customerAdmin, supplierAdmin, { overrides: { released: true } });
  // refused by the guard before any record is read
  return { id: 'keinAngebot00000000', enquiryId: 'keineAnfrage0000000' };
};
const byOffer = async (ctx: AccessCtx) => {
  const o = await offerTarget(ctx);
  return { query: { enquiryId: o.enquiryId, offerId: o.id } };
};

export const BOM_JOBS_ACCESS: AccessRow[] = [
  { call: 'GET /enquiry/bom/mapping', allowed: customers, request: byEnquiryId },
  {
    call: 'POST /enquiry/bom/map',
    allowed: customers,
    request: async (ctx) => ({
      body: { enquiryId: (await target(ctx)).id, headerRowIndex: 2, mapping: BOM_CSV_MAPPING },
    }),
  },
  { call: 'GET /enquiry/bom/lines', allowed: traders, request: byEnquiryId },
  {
    call: 'POST /enquiry/bom/line',
    allowed: customers,
    request: async (ctx) => ({ body: { enquiryId: (await target(ctx)).id, lineId: '0000003', quantity: 3 } }),
  },
  { call: 'GET /enquiry/bom/generated', allowed: traders, request: byEnquiryId },
  { call: 'GET /enquiry/bom/summary', allowed: traders, request: byEnquiryId },
  {
    call: 'GET /enquiry/bom/job',
    allowed: traders,
    request: async (ctx) => {
      const enquiry = await target(ctx);
      return { query: { enquiryId: enquiry.id, taskId: await storeDoneMapTask(enquiry.id, 'zugriffstest') } };
    },
  },
  // offers: the calls with offerId
  { call: 'GET /enquiry/bom/mapping', allowed: suppliers, request: byOffer },
  {
    call: 'POST /enquiry/bom/map',
    allowed: suppliers,
    request: async (ctx) => {
      const o = await offerTarget(ctx);
      return { body: { enquiryId: o.enquiryId, offerId: o.id, headerRowIndex: 2, mapping: BOM_CSV_MAPPING } };
    },
  },
  { call: 'GET /enquiry/bom/lines', allowed: suppliers, request: byOffer },
  {
    call: 'POST /enquiry/bom/line',
    allowed: suppliers,
    request: async (ctx) => {
      const o = await offerTarget(ctx);
      return { body: { enquiryId: o.enquiryId, offerId: o.id, lineId: '0000003', quantity: 3 } };
    },
  },
  { call: 'GET /enquiry/bom/generated', allowed: suppliers, request: byOffer },
  { call: 'GET /enquiry/bom/summary', allowed: suppliers, request: byOffer },
  {
    call: 'GET /enquiry/bom/job',
    allowed: suppliers,
    request: async (ctx) => {
      const o = await offerTarget(ctx);
      return {
        query: {
          enquiryId: o.enquiryId,
          offerId: o.id,
          taskId: await storeDoneMapTask(o.enquiryId, 'zugriffstest', o.id),
        },
      };
    },
  },
];

/**
 * The admin BOM import's rows (docs/api.md "Admin BOM import"). Every ADMIN-company user may import, read the
 * header, read his own results and change their lines (manual match, re-match: the catalogue's write right, which
 * every ADMIN-company user has); the history (list, delete) is for administrators (admin flag). `admin=true` on
 * the map call from anybody else is refused (403; the plain map call's rows are above).
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
  { call: 'GET /admin/bom/history', allowed: adminCompany, request: byId },
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
