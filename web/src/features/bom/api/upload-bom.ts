import type { Enquiry } from '@model/enquiry';
import { uploadWithProgress } from '@/lib/api-client';
import { resource, storeRecord } from '@/lib/query-keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/**
 * POST /enquiry/bom/upload (multipart: file, enquiryId, headerRowIndex?) - answers the enquiry with
 * bomFileName, headers and revisions. 422 bomUnreadable when the file cannot be read.
 */
export interface UploadBomRequest {
  enquiryId: string;
  file: File;
  headerRowIndex?: number;
  onProgress?: (loaded: number, total: number) => void;
}

export function uploadBom({ enquiryId, file, headerRowIndex, onProgress }: UploadBomRequest): Promise<Enquiry> {
  const form = new FormData();
  form.append('enquiryId', enquiryId);
  if (headerRowIndex !== undefined) form.append('headerRowIndex', String(headerRowIndex));
  form.append('file', file, file.name);
  return uploadWithProgress<Enquiry>('/enquiry/bom/upload', form, { onProgress });
}

/** The answer is the enquiry: it becomes the enquiry's detail query (lib/query-keys), its lists refetch. */
export function useUploadBom({ mutationConfig }: { mutationConfig?: MutationConfig<typeof uploadBom> } = {}) {
  return useEndpointMutation(
    uploadBom,
    (queryClient, enquiry) => storeRecord(queryClient, resource('enquiries'), enquiry),
    mutationConfig,
  );
}
