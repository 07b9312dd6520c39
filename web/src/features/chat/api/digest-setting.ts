import { useQuery } from '@tanstack/react-query';
import type { DigestSetting } from '@model/chat';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';
import { useEndpointMutation } from '@/lib/react-query';

/** GET /conversation/digest - the caller's mail digest switch. */
function getDigestSetting(): Promise<DigestSetting> {
  return api.get<DigestSetting>('/conversation/digest');
}

export function useDigestSetting() {
  return useQuery({ queryKey: chatKeys.digest(), queryFn: getDigestSetting });
}

/** POST /conversation/digest {enabled} - switches the digest on or off. */
function saveDigestSetting(setting: DigestSetting): Promise<DigestSetting> {
  return api.post<DigestSetting>('/conversation/digest', setting, { toastOnError: true });
}

export function useSaveDigestSetting() {
  return useEndpointMutation(saveDigestSetting, async (queryClient, answer) => {
    queryClient.setQueryData(chatKeys.digest(), answer);
  });
}
