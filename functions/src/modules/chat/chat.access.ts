import { offerDocumentsPath } from '../../model/offer.js';
import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import { pdfBytes } from '../../testing/upload-client.js';
import { chatEnquiry, chatOffer, openConversation, sendMessage, withMessage } from './chat-fixtures.js';

/**
 * /conversation* rows of the access matrix (docs/api.md "Conversation and messages"). CUSTOMER and SUPPLIER users
 * chat; ADMIN-company and EXTERNAL users are refused by the guard (403), anonymous callers by authenticate (401).
 * Each row works on a fresh conversation of the world's supplier and customer; the participant table per record
 * (another supplier, another customer → 404) is in chat.api.test.ts.
 */
const traders = ['customerUser', 'customerAdmin', 'supplierUser', 'supplierAdmin'] as const;

/** An offer conversation of the world's two companies with a message of the other side than the caller's. */
async function conversation(ctx: AccessCtx, attachment = false) {
  const { customerAdmin, supplierAdmin } = ctx.w.users;
  const offer = await chatOffer(customerAdmin, supplierAdmin);
  const conversationId = await openConversation(supplierAdmin.token, { offerId: offer.id });
  const from = ctx.kind.startsWith('supplier') ? customerAdmin : supplierAdmin;
  const file = attachment ? { name: 'Skizze.pdf', bytes: pdfBytes() } : undefined;
  const message = await withMessage(from.token, conversationId, 'Rückfrage', file);
  return { offer, conversationId, messageId: message.id };
}

const both = <T>(row: (method: 'GET' | 'POST') => T) => (['GET', 'POST'] as const).map(row);

export const CHAT_ACCESS: AccessRow[] = [
  {
    call: 'GET /conversation/',
    allowed: traders,
    request: async (ctx) => ({ query: { offerId: (await conversation(ctx)).offer.id } }),
  },
  {
    call: 'POST /conversation/',
    allowed: traders,
    request: async (ctx) => ({
      body: { offerId: (await chatOffer(ctx.w.users.customerAdmin, ctx.w.users.supplierAdmin)).id },
    }),
  },
  {
    call: 'GET /conversation/message',
    allowed: traders,
    request: async (ctx) => ({ query: { conversationId: (await conversation(ctx)).conversationId } }),
  },
  { call: 'GET /conversation/message/unread', allowed: traders, request: () => ({}) },
  ...both((method): AccessRow => ({
    call: `${method} /conversation/message/read`,
    allowed: traders,
    request: async (ctx) => ({ query: { messageId: (await conversation(ctx)).messageId } }),
  })),
  ...both((method): AccessRow => ({
    call: `${method} /conversation/message/read/all`,
    allowed: traders,
    request: () => ({}),
  })),
  ...both((method): AccessRow => ({
    call: `${method} /conversation/message/copyfile`,
    allowed: traders,
    request: async (ctx) => {
      const c = await conversation(ctx, true);
      return { query: { messageId: c.messageId, path: offerDocumentsPath(c.offer.id) } };
    },
  })),
  { call: 'GET /conversation/digest', allowed: traders, request: () => ({}) },
  { call: 'POST /conversation/digest', allowed: traders, request: () => ({ body: { enabled: true } }) },
  {
    call: 'POST /conversation/message/send',
    allowed: traders,
    request: () => ({}),
    send: async (ctx, token) => {
      const { customerAdmin, supplierAdmin } = ctx.w.users;
      const enquiry = await chatEnquiry(customerAdmin);
      const conversationId = await openConversation(supplierAdmin.token, { enquiryId: enquiry.id });
      return sendMessage(token, conversationId, 'Hallo');
    },
  },
];
