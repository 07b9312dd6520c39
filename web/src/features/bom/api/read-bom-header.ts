import { api } from '@/lib/api-client';
import { resource } from '@/lib/query-keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/**
 * POST /enquiry/bom/header (multipart: enquiryId, headerRowIndex?, file?) - the header row of a BOM. Without a
 * file the stored current BOM is read again and the new header row is saved on the enquiry. The mapping panel
 * of the BOM issue uses it; here it is the hook that panel will call.
 */
export interface ReadBomHeaderRequest {
  enquiryId: string;
  headerRowIndex?: number;
  file?: File;
}

export interface ReadBomHeaderResponse {
  headers: string[];
  bomFileName: string;
  bomHeaderRowIndex: number;
  suggestedHeaderRowIndex: number;
}

export function readBomHeader({
  enquiryId,
  headerRowIndex,
  file,
}: ReadBomHeaderRequest): Promise<ReadBomHeaderResponse> {
  const form = new FormData();
  form.append('enquiryId', enquiryId);
  if (headerRowIndex !== undefined) form.append('headerRowIndex', String(headerRowIndex));
  if (file) form.append('file', file, file.name);
  return api.post<ReadBomHeaderResponse>('/enquiry/bom/header', form);
}

/** With the stored BOM the enquiry's header row changes: its record is refetched. */
export function useReadBomHeader({ mutationConfig }: { mutationConfig?: MutationConfig<typeof readBomHeader> } = {}) {
  return useEndpointMutation(
    readBomHeader,
    // re-reading the stored BOM saved the new header row on the enquiry
    async (queryClient, _answer, request) => {
      if (!request.file)
        await queryClient.invalidateQueries({ queryKey: resource('enquiries').detail(request.enquiryId) });
    },
    mutationConfig,
  );
}
