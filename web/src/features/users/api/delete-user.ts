import { api } from '@/lib/api-client';

/** POST /user/delete?userId= - deletes Auth account and user (never self). */
export interface DeleteUserResponse {
  ok: boolean;
}

export function deleteUser(userId: string): Promise<DeleteUserResponse> {
  return api.post<DeleteUserResponse>('/user/delete', {}, { query: { userId } });
}
