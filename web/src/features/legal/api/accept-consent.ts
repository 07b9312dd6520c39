import { useMutation } from '@tanstack/react-query';
import type { Company } from '@model/company';
import type { ConsentAcceptInput } from '@model/consent-schemas';
import type { User } from '@model/user';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/consent - the signed-in user accepts the version in force of a document; answers the user. */
export type AcceptConsentRequest = ConsentAcceptInput;
export type AcceptConsentResponse = User & { company: Company };

export function acceptConsent(body: AcceptConsentRequest): Promise<AcceptConsentResponse> {
  return api.post<AcceptConsentResponse>('/user/consent', body, { toastOnError: true });
}

/** Accepts; the caller puts the answer into the signed-in user (`setUser`), which closes the AVB dialog. */
export function useAcceptConsent({ mutationConfig }: { mutationConfig?: MutationConfig<typeof acceptConsent> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: acceptConsent });
}
