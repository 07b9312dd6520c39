import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** GET /user/password/reset?mail= (no token): always 200 `{ sent: true }`; writes the reset mail. */
export interface RequestPasswordResetResponse {
  sent: boolean;
}

export function requestPasswordReset(mail: string): Promise<RequestPasswordResetResponse> {
  return api.get<RequestPasswordResetResponse>('/user/password/reset', { query: { mail }, anonymous: true });
}

/** Asks for the reset mail. A GET with an effect (a mail), so a mutation: never cached, never retried. */
export function useRequestPasswordReset({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof requestPasswordReset> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}
