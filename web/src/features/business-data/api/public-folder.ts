import { FOLDER_TOKEN_HEADER, type FolderCheckAnswer, type PublicFolderView } from '@model/business-data';
import { api, downloadBlob } from '@/lib/api-client';

/*
 * The anonymous view's calls (the password link): plain functions, no TanStack Query (the page stays within the
 * sign-in page's delivery budget). Every call but the check carries the folder token in `X-Folder-Token`.
 */

/** Where the browser keeps a folder's device token (proof of an earlier right password; lives 90 days). */
const deviceKey = (offerId: string) => `schrankwerk.folderDevice.${offerId}`;

function storedDevice(offerId: string): string | undefined {
  try {
    return localStorage.getItem(deviceKey(offerId)) ?? undefined;
  } catch {
    return undefined; // storage blocked: the check works without it
  }
}

/**
 * POST /offer/businessdata/check - 403 wrongPassword, 412 notAllowed, 429 tooManyRequests, or the folder token.
 * Sends the device token of an earlier right password and keeps the one answered: its holder is not locked out when
 * others' failures exhaust the folder-wide limit (docs/decisions-hardening.md "Password link lockout").
 */
export async function checkFolderPassword(offerId: string, password: string): Promise<FolderCheckAnswer> {
  const deviceToken = storedDevice(offerId);
  const answer = await api.post<FolderCheckAnswer>(
    '/offer/businessdata/check',
    { offerId, password, ...(deviceToken ? { deviceToken } : {}) },
    { anonymous: true },
  );
  try {
    if (answer.deviceToken) localStorage.setItem(deviceKey(offerId), answer.deviceToken);
  } catch {
    // storage blocked: nothing kept
  }
  return answer;
}

const tokenHeader = (token: string) => ({ [FOLDER_TOKEN_HEADER]: token });

/** GET /offer/businessdata/public?offerId= - 401 folderTokenInvalid once the token no longer counts. */
export function getPublicFolder(offerId: string, token: string): Promise<PublicFolderView> {
  return api.get<PublicFolderView>('/offer/businessdata/public', {
    query: { offerId },
    anonymous: true,
    headers: tokenHeader(token),
  });
}

/** POST /offer/businessdata/zip with the folder token. */
export function downloadPublicZip(offerId: string, token: string, itemIds: string[]): Promise<string> {
  return downloadBlob('/offer/businessdata/zip', 'Projektordner.zip', {
    method: 'POST',
    body: { offerId, itemIds },
    anonymous: true,
    headers: tokenHeader(token),
  });
}

/** GET /offer/businessdata/file?offerId=&itemId= with the folder token: one file, counted. */
export function downloadPublicFile(offerId: string, token: string, item: { id: string; filename: string }) {
  return downloadBlob('/offer/businessdata/file', item.filename, {
    query: { offerId, itemId: item.id },
    anonymous: true,
    headers: tokenHeader(token),
  });
}
