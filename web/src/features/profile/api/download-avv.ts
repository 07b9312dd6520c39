import { downloadBlob } from '@/lib/api-client';

/** GET /legal/avv - the data-processing agreement as PDF (filename from Content-Disposition). */
export function downloadAvv(): Promise<string> {
  return downloadBlob('/legal/avv', 'AVV.pdf', { toastOnError: true });
}
