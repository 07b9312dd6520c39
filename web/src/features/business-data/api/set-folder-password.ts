import type { FolderPasswordInput, FolderView } from '@model/business-data';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeFolder } from './folder-cache';

/** POST /offer/businessdata/create (admins): sets or resets the password; every visitor's access ends. */
export function setFolderPassword(input: FolderPasswordInput): Promise<FolderView> {
  return api.post<FolderView>('/offer/businessdata/create', input);
}

export function useSetFolderPassword({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setFolderPassword> } = {}) {
  return useEndpointMutation(
    setFolderPassword,
    (queryClient, view, input) => storeFolder(queryClient, view, input.offerId),
    mutationConfig,
  );
}
