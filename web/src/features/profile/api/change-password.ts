import { api } from '@/lib/api-client';

/** POST /user/password/reset - the signed-in user sets a new password; clears passwordChangeNeeded. */
export interface ChangePasswordRequest {
  mail: string;
  password: string;
}
export interface ChangePasswordResponse {
  ok: boolean;
}

export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/user/password/reset', body);
}
