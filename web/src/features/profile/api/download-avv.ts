import { useMutation } from '@tanstack/react-query';
import { downloadBlob } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** GET /legal/avv - the data-processing agreement as PDF (filename from Content-Disposition). */
export function downloadAvv(): Promise<string> {
  return downloadBlob('/legal/avv', 'AVV.pdf', { toastOnError: true });
}

/** The download as a mutation: `isPending` while it runs; errors are toasted by the api client. */
export function useDownloadAvv({ mutationConfig }: { mutationConfig?: MutationConfig<typeof downloadAvv> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: downloadAvv });
}
