import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import { BOM_CSV_MAPPING, mappedEnquiry, storeDoneMapTask } from './bom-job-fixtures.js';

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
  {
    call: 'GET /enquiry/bom/job',
    allowed: traders,
    request: async (ctx) => {
      const enquiry = await target(ctx);
      return { query: { enquiryId: enquiry.id, taskId: await storeDoneMapTask(enquiry.id, 'zugriffstest') } };
    },
  },
];
