import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import {
  bomCsv,
  enquiryInput,
  postForm,
  releasableEnquiry,
  releasedEnquiry,
  storeEnquiry,
} from './enquiries-fixtures.js';

/**
 * /enquiry/* rows of the access matrix (docs/api.md "Enquiries"). ADMIN and EXTERNAL callers are refused by
 * the guard (403). Suppliers are tested on a RELEASED enquiry of the customer, which they see: where only
 * the customer may act, that is 403 (a draft would be hidden from them: 404, enquiries.api.test.ts).
 */
const customers = ['customerUser', 'customerAdmin'] as const;
const traders = ['customerUser', 'customerAdmin', 'supplierUser', 'supplierAdmin'] as const;

const customer = ({ w }: AccessCtx) => w.users.customerAdmin;
const isSupplier = ({ kind }: AccessCtx) => kind === 'supplierUser' || kind === 'supplierAdmin';

/** A draft for the customer's callers, a released enquiry (stored state) for everybody else. */
async function target(ctx: AccessCtx, draft: Parameters<typeof storeEnquiry>[1] = {}) {
  return storeEnquiry(customer(ctx), isSupplier(ctx) ? { released: true } : draft);
}
const byEnquiryId = async (ctx: AccessCtx) => ({ query: { enquiryId: (await target(ctx)).id } });
const released = async (ctx: AccessCtx) => ({
  query: { enquiryId: (await storeEnquiry(customer(ctx), { released: true })).id },
});

export const ENQUIRIES_ACCESS: AccessRow[] = [
  {
    call: 'GET /enquiry/',
    allowed: traders,
    request: async (ctx) => ({ query: { id: (await storeEnquiry(customer(ctx), { released: true })).id } }),
  },
  {
    call: 'GET /enquiry/filter',
    allowed: traders,
    request: () => ({ query: { page: '0', paginationSize: '15', title: 'schalt', column: 'title' } }),
  },
  {
    call: 'POST /enquiry/export',
    allowed: traders,
    request: () => ({
      body: { query: { title: 'schalt' }, columns: [{ key: 'title', label: 'Titel' }] },
    }),
  },
  { call: 'POST /enquiry/', allowed: customers, request: () => ({ body: enquiryInput() }) },
  {
    call: 'POST /enquiry/update',
    allowed: customers,
    request: async (ctx) => ({ body: { ...enquiryInput({ title: 'Geändert' }), id: (await target(ctx)).id } }),
  },
  {
    call: 'POST /enquiry/release',
    allowed: customers,
    // the BOM is checked on the record, the circuit diagram in Storage: upload one through the API
    request: async (ctx) =>
      isSupplier(ctx) ? released(ctx) : { query: { enquiryId: (await releasableEnquiry(customer(ctx))).id } },
  },
  { call: 'GET /enquiry/reopen', allowed: customers, request: released },
  { call: 'POST /enquiry/reopen', allowed: customers, request: released },
  { call: 'POST /enquiry/archive', allowed: customers, request: byEnquiryId },
  {
    call: 'POST /enquiry/copy',
    allowed: customers,
    request: async (ctx) => ({ query: { id: (await target(ctx)).id } }),
  },
  {
    call: 'POST /enquiry/bom/upload',
    allowed: customers,
    request: () => ({}),
    send: async (ctx, token) =>
      postForm(
        token,
        '/enquiry/bom/upload',
        { enquiryId: (await target(ctx)).id },
        { name: 'BOM.csv', bytes: bomCsv() },
      ),
  },
  {
    call: 'POST /enquiry/bom/header',
    allowed: customers,
    request: () => ({}),
    send: async (ctx, token) =>
      postForm(
        token,
        '/enquiry/bom/header',
        { enquiryId: (await target(ctx)).id },
        { name: 'BOM.csv', bytes: bomCsv() },
      ),
  },
  {
    call: 'GET /enquiry/bom',
    allowed: traders,
    request: async (ctx) => ({ query: { enquiryId: (await releasedEnquiry(customer(ctx))).id } }),
  },
  { call: 'POST /enquiry/bom/delete', allowed: customers, request: byEnquiryId },
];
