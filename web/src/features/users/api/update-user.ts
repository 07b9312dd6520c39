import type { User } from '@model/user';
import { api } from '@/lib/api-client';

/** POST /user/update - user with id. */
export type UpdateUserRequest = Partial<User> & { id: string };
export type UpdateUserResponse = User;

export function updateUser(user: UpdateUserRequest): Promise<UpdateUserResponse> {
  return api.post<UpdateUserResponse>('/user/update', user);
}
