import type { Company } from '../../model/company.js';
import { FOLDER_TOKEN_HEADER } from '../../model/business-data.js';
import type { Offer } from '../../model/offer.js';
import type { User } from '../../model/user.js';
import { call, post, type ApiResponse } from '../../testing/api-client.js';
import { storeEnquiry } from '../enquiries/enquiries-fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { storeOffer } from '../offers/offers-fixtures.js';
import { pdfBytes } from '../../testing/upload-client.js';

type Party = { user: User; company: Company; token: string };

/** A released offer (OPEN unless overridden) of `supplier` on a released enquiry of `customer`. */
export async function folderOffer(customer: Party, supplier: Party, overrides: Partial<Offer> = {}): Promise<Offer> {
  const enquiry = await storeEnquiry(customer, { released: true });
  return storeOffer(supplier, enquiry, { released: true, ...overrides });
}

/** POST /offer/businessdata (multipart: file + offerId) as the SPA sends it. */
export async function uploadToFolder(
  token: string | undefined,
  offerId: string,
  name = 'Plan.pdf',
  bytes: Uint8Array = pdfBytes(),
  extraFile = false,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('offerId', offerId);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  if (extraFile) form.append('file', new Blob([new Uint8Array(bytes)]), `2_${name}`);
  const res = await fetch(new URL('/api/offer/businessdata', HOSTS.portal), {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

/** The same, failing loudly; returns the new item's id (from the folder view). */
export async function withFolderFile(token: string, offerId: string, name = 'Plan.pdf', bytes?: Uint8Array) {
  const res = await uploadToFolder(token, offerId, name, bytes);
  if (res.status !== 201) throw new Error(`folder upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  const view = await call('GET', '/offer/businessdata', { token, query: { offerId } });
  const item = (view.body.items as Array<{ id: string; filename: string }>).find(
    (i) => i.filename === res.body.filename,
  );
  if (!item) throw new Error(`uploaded file not listed: ${JSON.stringify(view.body)}`);
  return item.id;
}

/** The folder's password link opened by one of its admins: password set, anonymous access on. */
export async function openPasswordLink(adminToken: string, offerId: string, password = 'Projekt-2026') {
  const created = await post('/offer/businessdata/create', {
    token: adminToken,
    body: { offerId, password, passwordRepeat: password },
  });
  if (created.status !== 200) throw new Error(`password not set: ${created.status} ${JSON.stringify(created.body)}`);
  const types = created.body.facts.settings.types;
  const settings = await post('/offer/businessdata/settings', {
    token: adminToken,
    body: { offerId, allowExternal: created.body.facts.settings.allowExternal, allowAnonymous: true, types },
  });
  if (settings.status !== 200) throw new Error(`settings refused: ${settings.status} ${JSON.stringify(settings.body)}`);
  return password;
}

/** A folder token of the password link. */
export async function folderToken(offerId: string, password: string, headers: Record<string, string> = {}) {
  const res = await post('/offer/businessdata/check', { body: { offerId, password }, headers });
  if (res.status !== 200) throw new Error(`check refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** An anonymous call with a folder token (and optionally a bearer token as well). */
export function withFolderToken(
  method: string,
  path: string,
  folderToken: string | undefined,
  opts: { query?: Record<string, string>; body?: unknown; token?: string } = {},
): Promise<ApiResponse> {
  return call(method, path, {
    ...opts,
    headers: folderToken ? { [FOLDER_TOKEN_HEADER]: folderToken } : {},
  });
}

/** Invites addresses to a folder (as one of its admins), failing loudly. */
export async function share(
  adminToken: string,
  offerId: string,
  entries: Array<{ email: string; read: boolean; write: boolean; endDate?: string }>,
  allowExternal = true,
) {
  const res = await post('/offer/businessdata/share', {
    token: adminToken,
    body: { offerId, visibilityEntries: entries },
  });
  if (res.status !== 201) throw new Error(`share refused: ${res.status} ${JSON.stringify(res.body)}`);
  if (allowExternal) {
    const view = await call('GET', '/offer/businessdata', { token: adminToken, query: { offerId } });
    const s = view.body.facts.settings;
    const saved = await post('/offer/businessdata/settings', {
      token: adminToken,
      body: { offerId, allowExternal: true, allowAnonymous: s.allowAnonymous, types: s.types },
    });
    if (saved.status !== 200) throw new Error(`settings refused: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  return res.body as Array<{ email: string }>;
}
