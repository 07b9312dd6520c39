import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import { storeEnquiry } from '../enquiries/enquiries-fixtures.js';
import { offerInput, storeOffer, uploadOfferDocument, withDocument } from './offers-fixtures.js';
import type { DocumentType } from '../../model/files.js';
import type { Offer } from '../../model/offer.js';

/**
 * /offer/* rows of the access matrix (docs/api.md "Offers"). ADMIN and EXTERNAL callers are refused by the
 * guard (403). Customers are tested on a RELEASED offer on their enquiry, which they see: where only the
 * supplier may act, that is 403 (a draft would be hidden from them: 404, offers.api.test.ts). Suppliers'
 * allowed calls are set up in the state the call needs, with the required document uploaded by the caller.
 */
const suppliers = ['supplierUser', 'supplierAdmin'] as const;
const customers = ['customerUser', 'customerAdmin'] as const;
const traders = [...customers, ...suppliers] as const;

const isSupplier = ({ kind }: AccessCtx) => kind === 'supplierUser' || kind === 'supplierAdmin';
const tokenOf = (ctx: AccessCtx) => (ctx.kind === 'anonymous' ? '' : ctx.w.users[ctx.kind].token);

/** An offer of the world's supplier on a released enquiry of the world's customer. */
async function offer(ctx: AccessCtx, overrides: Partial<Offer> = {}): Promise<Offer> {
  const enquiry = await storeEnquiry(ctx.w.users.customerAdmin, { released: true });
  return storeOffer(ctx.w.users.supplierAdmin, enquiry, overrides);
}
const released = (ctx: AccessCtx, overrides: Partial<Offer> = {}) => offer(ctx, { released: true, ...overrides });

/** The supplier's draft (or, for everybody else, a released offer the customer sees). */
const draftFor = async (ctx: AccessCtx) => (isSupplier(ctx) ? offer(ctx) : released(ctx));

export const OFFERS_ACCESS: AccessRow[] = [
  { call: 'GET /offer/', allowed: traders, request: async (ctx) => ({ query: { id: (await released(ctx)).id } }) },
  {
    call: 'POST /offer/export',
    allowed: traders,
    request: () => ({ body: { query: { states: 'OPEN' }, columns: [{ key: 'state', label: 'Status' }] } }),
  },
  {
    call: 'GET /offer/filter',
    allowed: traders,
    request: () => ({ query: { page: '0', paginationSize: '15', states: 'OPEN,DECLINED', referenceNumber: 'ref' } }),
  },
  {
    call: 'POST /offer/',
    allowed: suppliers,
    request: async (ctx) => ({
      body: { ...offerInput(), enquiryId: (await storeEnquiry(ctx.w.users.customerAdmin, { released: true })).id },
    }),
  },
  {
    call: 'POST /offer/update',
    allowed: suppliers,
    request: async (ctx) => ({ body: { ...offerInput(), id: (await draftFor(ctx)).id } }),
  },
  {
    call: 'POST /offer/release',
    allowed: suppliers,
    request: async (ctx) => {
      const o = await draftFor(ctx);
      if (isSupplier(ctx)) await withDocument(tokenOf(ctx), o.id, 'OFFER');
      return { query: { offerId: o.id } };
    },
  },
  ...(['GET', 'POST'] as const).map((method): AccessRow => ({
    call: `${method} /offer/statechange`,
    allowed: traders,
    request: async (ctx) => {
      if (!isSupplier(ctx))
        return {
          query: { offerId: (await released(ctx)).id, state: 'DECLINED', rejectionReason: 'PRICE_NOT_AS_EXPECTED' },
        };
      const o = await released(ctx, { state: 'ACCEPTED' });
      await withDocument(tokenOf(ctx), o.id, 'ORDER_CONFIRMATION');
      return { query: { offerId: o.id, state: 'CONFIRMED' } };
    },
  })),
  ...(['GET', 'POST'] as const).map((method): AccessRow => ({
    call: `${method} /offer/revision`,
    allowed: suppliers,
    request: async (ctx) => ({ query: { offerId: (await released(ctx)).id } }),
  })),
  {
    call: 'POST /offer/archive',
    allowed: suppliers,
    request: async (ctx) => ({ query: { offerId: (await released(ctx)).id } }),
  },
  {
    call: 'GET /offer/compare',
    allowed: customers,
    request: async (ctx) => ({ query: { enquiryId: (await released(ctx)).enquiryId } }),
  },
  // each side's binding documents are its own (docs/decisions-offers.md): uploads into a released offer's folder
  ...(
    [
      ['OFFER', suppliers],
      ['ORDER_CONFIRMATION', suppliers],
      ['ORDER', customers],
      ['UNKNOWN', traders],
    ] as const
  ).map(([type, allowed]): AccessRow => ({
    call: 'POST /file/',
    allowed,
    // ADMIN-company and EXTERNAL users do not see the offer at all
    hiddenFrom: ['adminUser', 'platformAdmin', 'externalUser'],
    request: () => ({}),
    send: async (ctx, token) => uploadOfferDocument(token, (await released(ctx)).id, type as DocumentType),
  })),
];
