import type { User } from '@model/user';
import { apiRequest } from '@/lib/api-client';

/** POST /user/ body. companyId: required for the platform admin, forced to the own company otherwise. */
export interface CreateUserRequest {
  name: string;
  lastname: string;
  mail: string;
  phoneNumber: string;
  admin: boolean;
  companyId?: string;
}

/** 201 user, or 200 `{ code: 'mailExternal' }` (mail of an external party, nothing created). Errors: 409 mailInUse, 412. */
export type CreateUserResponse = { status: 201; user: User } | { status: 200; code: 'mailExternal' };

export async function createUser(user: CreateUserRequest): Promise<CreateUserResponse> {
  const { status, data } = await apiRequest<User | { code: string }>('/user/', { method: 'POST', body: user });
  if (status === 201) return { status: 201, user: data as User };
  return { status: 200, code: 'mailExternal' };
}
