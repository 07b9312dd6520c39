import { api } from '@/lib/api-client';

/** GET /user/lastlogin - ADMIN company: the latest login, or {}. */
export interface GetLastLoginResponse {
  mail?: string;
  lastLoginAt?: Date;
}

export function getLastLogin(): Promise<GetLastLoginResponse> {
  return api.get<GetLastLoginResponse>('/user/lastlogin');
}
