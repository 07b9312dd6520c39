import { useMutation } from '@tanstack/react-query';
import type { InferType } from 'yup';
import type { passwordChangeSchema } from '@model/user';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/password/reset - the signed-in user sets a new password; clears passwordChangeNeeded. */
export type ChangePasswordRequest = InferType<typeof passwordChangeSchema>;
export interface ChangePasswordResponse {
  ok: boolean;
}

export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/user/password/reset', body);
}

/**
 * Changes the password. The signed-in user lives in the CurrentUserProvider (not in the query cache); the
 * form clears passwordChangeNeeded there after the new sign-in.
 */
export function useChangePassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: changePassword });
}
