import type { FolderSettingsInput, FolderView } from '@model/business-data';
import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeFolder } from './folder-cache';

/** POST /offer/businessdata/settings (admins); 409 passwordRequired when anonymous access has no password. */
export function saveFolderSettings(input: FolderSettingsInput): Promise<FolderView> {
  return api.post<FolderView>('/offer/businessdata/settings', input);
}

export function useSaveFolderSettings({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveFolderSettings> } = {}) {
  return useEndpointMutation(
    saveFolderSettings,
    (queryClient, view, input) => storeFolder(queryClient, view, input.offerId),
    mutationConfig,
  );
}
