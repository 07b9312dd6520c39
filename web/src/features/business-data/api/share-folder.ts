import type { FolderShareInput, VisibilityEntry } from '@model/business-data';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { refreshFolders } from './folder-cache';

/** POST /offer/businessdata/share (admins): 201 with the entries as stored. */
export function shareFolder(input: FolderShareInput): Promise<VisibilityEntry[]> {
  return api.post<VisibilityEntry[]>('/offer/businessdata/share', input);
}

export function useShareFolder({ mutationConfig }: { mutationConfig?: MutationConfig<typeof shareFolder> } = {}) {
  return useEndpointMutation(shareFolder, (queryClient) => refreshFolders(queryClient), mutationConfig);
}
