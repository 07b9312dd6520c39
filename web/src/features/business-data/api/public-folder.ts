import { FOLDER_TOKEN_HEADER, type FolderCheckAnswer, type PublicFolderView } from '@model/business-data';
import { api, downloadBlob } from '@/lib/api-client';

/*
 * The anonymous view's calls (the password link): plain functions, no TanStack Query (the page stays within the
 * sign-in page's delivery budget). Every call but the check carries the folder token in `X-Folder-Token`.
 */

/** POST /offer/businessdata/check - 403 wrongPassword, 412 notAllowed, 429 tooManyRequests, or the folder token. */
export function checkFolderPassword(offerId: string, password: string): Promise<FolderCheckAnswer> {
  return api.post<FolderCheckAnswer>('/offer/businessdata/check', { offerId, password }, { anonymous: true });
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
