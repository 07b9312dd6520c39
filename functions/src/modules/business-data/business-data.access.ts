import { FOLDER_TOKEN_HEADER, businessDataPath } from '../../model/business-data.js';
import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import { call } from '../../testing/api-client.js';
import {
  folderOffer,
  folderToken,
  openPasswordLink,
  uploadToFolder,
  withFolderFile,
  withFolderToken,
} from './business-data-fixtures.js';
import { uniqueMail } from '../../testing/fixtures.js';
import { uploadFile, pdfBytes } from '../../testing/upload-client.js';

/**
 * /offer/businessdata* rows of the access matrix (docs/api.md "Project folder"). Each row works on a fresh released
 * OPEN offer of the world's supplier on an enquiry of the world's customer, with the default settings (both sides
 * read and write). ADMIN-company callers are refused by the guard (403); the world's EXTERNAL user is not invited,
 * so the folder does not exist for him (404, like an unknown id). The password-link routes take no ID token: with
 * a folder token every kind of caller is served (the token is the credential).
 */
const customers = ['customerUser', 'customerAdmin'] as const;
const suppliers = ['supplierUser', 'supplierAdmin'] as const;
const traders = [...customers, ...suppliers] as const;
const admins = ['customerAdmin', 'supplierAdmin'] as const;
const hiddenFrom = ['externalUser'] as const;

const offer = (ctx: AccessCtx) => folderOffer(ctx.w.users.customerAdmin, ctx.w.users.supplierAdmin);
const offerId = async (ctx: AccessCtx) => ({ offerId: (await offer(ctx)).id });
const supplierAdminToken = (ctx: AccessCtx) => ctx.w.users.supplierAdmin.token;

/** A folder with its password link open and one file; returns the offer, the item and a folder token. */
async function passwordLink(ctx: AccessCtx) {
  const o = await offer(ctx);
  const itemId = await withFolderFile(supplierAdminToken(ctx), o.id, 'Fotos.pdf');
  const password = await openPasswordLink(supplierAdminToken(ctx), o.id);
  return { offerId: o.id, itemId, password, token: await folderToken(o.id, password) };
}

export const BUSINESS_DATA_ACCESS: AccessRow[] = [
  {
    call: 'GET /offer/businessdata',
    allowed: traders,
    hiddenFrom,
    request: async (ctx) => ({ query: await offerId(ctx) }),
  },
  {
    call: 'POST /offer/businessdata',
    allowed: traders,
    hiddenFrom,
    request: () => ({}),
    send: async (ctx, token) => uploadToFolder(token, (await offer(ctx)).id, 'Foto.png', PNG),
  },
  {
    call: 'POST /offer/businessdata/delete',
    allowed: traders,
    hiddenFrom,
    request: async (ctx) => {
      const o = await offer(ctx);
      return { body: { offerId: o.id, itemId: await withFolderFile(supplierAdminToken(ctx), o.id) } };
    },
  },
  {
    call: 'POST /offer/businessdata/settings',
    allowed: admins,
    hiddenFrom,
    request: async (ctx) => ({
      body: {
        ...(await offerId(ctx)),
        allowExternal: true,
        allowAnonymous: false,
        types: { CUSTOMER: { read: true, write: false }, SUPPLIER: null },
      },
    }),
  },
  {
    call: 'POST /offer/businessdata/create',
    allowed: admins,
    hiddenFrom,
    request: async (ctx) => ({ body: { ...(await offerId(ctx)), password: 'geheim1', passwordRepeat: 'geheim1' } }),
  },
  {
    call: 'POST /offer/businessdata/share',
    allowed: admins,
    hiddenFrom,
    request: async (ctx) => ({
      body: {
        ...(await offerId(ctx)),
        visibilityEntries: [{ email: uniqueMail('invitee'), read: true, write: false }],
      },
    }),
  },
  {
    call: 'POST /offer/businessdata/share/delete',
    allowed: admins,
    hiddenFrom,
    request: async (ctx) => ({ body: { ...(await offerId(ctx)), email: 'niemand@example.de' } }),
  },
  {
    call: 'GET /offer/businessdata/shared',
    allowed: [...traders, 'externalUser'],
    request: () => ({}),
  },
  {
    call: 'GET /offer/businessdata/log',
    allowed: admins,
    hiddenFrom,
    request: async (ctx) => ({ query: await offerId(ctx) }),
  },
  {
    call: 'POST /offer/businessdata/check',
    allowed: 'anyone',
    request: async (ctx) => {
      const o = await offer(ctx);
      return { body: { offerId: o.id, password: await openPasswordLink(supplierAdminToken(ctx), o.id) } };
    },
  },
  {
    call: 'GET /offer/businessdata/public',
    allowed: 'anyone',
    request: () => ({}),
    send: async (ctx, token) => {
      const link = await passwordLink(ctx);
      return withFolderToken('GET', '/offer/businessdata/public', link.token, {
        query: { offerId: link.offerId },
        token,
      });
    },
  },
  {
    call: 'GET /offer/businessdata/file',
    allowed: 'anyone',
    request: () => ({}),
    send: async (ctx, token) => {
      const link = await passwordLink(ctx);
      return withFolderToken('GET', '/offer/businessdata/file', link.token, {
        query: { offerId: link.offerId, itemId: link.itemId },
        token,
      });
    },
  },
  {
    // signed in: the caller's own rights; signed out: the folder token of the password link
    call: 'POST /offer/businessdata/zip',
    allowed: ['anonymous', ...traders],
    hiddenFrom,
    request: () => ({}),
    send: async (ctx, token) => {
      const link = await passwordLink(ctx);
      const body = { offerId: link.offerId, itemIds: [link.itemId] };
      return token
        ? call('POST', '/offer/businessdata/zip', { token, body })
        : call('POST', '/offer/businessdata/zip', { body, headers: { [FOLDER_TOKEN_HEADER]: link.token } });
    },
  },
  // the generic file calls honour the same rule (the folder is a FileOwner)
  {
    call: 'GET /file/names',
    allowed: traders,
    hiddenFrom: [...hiddenFrom, 'adminUser', 'platformAdmin'],
    request: async (ctx) => ({ query: { path: businessDataPath((await offer(ctx)).id) } }),
  },
  {
    call: 'POST /file/',
    allowed: traders,
    hiddenFrom: [...hiddenFrom, 'adminUser', 'platformAdmin'],
    request: () => ({}),
    send: async (ctx, token) => uploadFile(token, businessDataPath((await offer(ctx)).id), 'Skizze.pdf', pdfBytes()),
  },
];

/** A 1×1 PNG (magic bytes checked by the files module). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
