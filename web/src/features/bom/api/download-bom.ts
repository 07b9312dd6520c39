import { useMutation } from '@tanstack/react-query';
import { downloadBlob } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** GET /enquiry/bom?enquiryId=&revision= - saves the BOM (default: the current revision) under its name. */
export interface DownloadBomRequest {
  enquiryId: string;
  revision?: number;
  fallbackName: string;
}

export function downloadBom({ enquiryId, revision, fallbackName }: DownloadBomRequest): Promise<string> {
  return downloadBlob('/enquiry/bom', fallbackName, { query: { enquiryId, revision } });
}

/** A download is a mutation too (for isPending). */
export function useDownloadBom({ mutationConfig }: { mutationConfig?: MutationConfig<typeof downloadBom> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: downloadBom });
}
