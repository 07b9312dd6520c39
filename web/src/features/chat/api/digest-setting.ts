import { useQuery } from '@tanstack/react-query';
import type { DigestSetting } from '@model/chat';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useEndpointMutation } from '@/lib/react-query';

/** GET /conversation/digest - the caller's mail digest switch. */
export function getDigestSetting(): Promise<DigestSetting> {
  return api.get<DigestSetting>('/conversation/digest');
}

export function useDigestSetting() {
  return useQuery({ queryKey: queryKeys.chat.digest(), queryFn: getDigestSetting });
}

/** POST /conversation/digest {enabled} - switches the digest on or off. */
export function saveDigestSetting(setting: DigestSetting): Promise<DigestSetting> {
  return api.post<DigestSetting>('/conversation/digest', setting, { toastOnError: true });
}

export function useSaveDigestSetting() {
  return useEndpointMutation(saveDigestSetting, async (queryClient, answer) => {
    queryClient.setQueryData(queryKeys.chat.digest(), answer);
  });
}
