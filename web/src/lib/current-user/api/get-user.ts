import type { User } from '@model/user';
import { api } from '@/lib/api-client';

/** GET /user/?id=<uid> - the user with its `company`. */
export type GetUserResponse = User;

export function getUser(id: string): Promise<GetUserResponse> {
  return api.get<GetUserResponse>('/user/', { query: { id } });
}
