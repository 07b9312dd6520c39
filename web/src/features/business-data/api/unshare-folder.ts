import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { refreshFolders } from './folder-cache';

export interface UnshareInput {
  offerId: string;
  email: string;
}

/** POST /offer/businessdata/share/delete (admins): the invitation ends at once. */
export function unshareFolder(input: UnshareInput): Promise<{ removed: boolean }> {
  return api.post<{ removed: boolean }>('/offer/businessdata/share/delete', input);
}

export function useUnshareFolder({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unshareFolder> } = {}) {
  return useEndpointMutation(unshareFolder, (queryClient) => refreshFolders(queryClient), mutationConfig);
}
