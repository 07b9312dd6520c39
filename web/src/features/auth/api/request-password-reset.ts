import { api } from '@/lib/api-client';

/** GET /user/password/reset?mail= (no token): always 200 `{ sent: true }`; writes the reset mail. */
export interface RequestPasswordResetResponse {
  sent: boolean;
}

export function requestPasswordReset(mail: string): Promise<RequestPasswordResetResponse> {
  return api.get<RequestPasswordResetResponse>('/user/password/reset', { query: { mail }, anonymous: true });
}
