import { downloadBlob } from '@/lib/api-client';

/** POST /offer/businessdata/zip - the selection as one ZIP (signed in: the caller's rights). */
export function downloadFolderZip(offerId: string, itemIds: string[]): Promise<string> {
  return downloadBlob('/offer/businessdata/zip', 'Projektordner.zip', {
    method: 'POST',
    body: { offerId, itemIds },
  });
}
