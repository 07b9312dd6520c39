import type { User, UserInput } from '@model/user';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/** POST /user/ body: the model's user form. companyId: required for the platform admin, forced to the own company otherwise. */
export type CreateUserRequest = Omit<UserInput, 'id'>;

/** 201 user, or 200 `{ code: 'mailExternal' }` (mail of an external party, nothing created). Errors: 409 mailInUse, 412. */
export type CreateUserResponse = { status: 201; user: User } | { status: 200; code: 'mailExternal' };

export async function createUser(user: CreateUserRequest): Promise<CreateUserResponse> {
  const { status, data } = await apiRequest<User | { code: string }>('/user/', { method: 'POST', body: user });
  if (status === 201) return { status: 201, user: data as User };
  return { status: 200, code: 'mailExternal' };
}

/** Creates a user; every user list is refetched. */
export function useCreateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createUser> } = {}) {
  return useEndpointMutation(
    createUser,
    (queryClient) => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
    mutationConfig,
  );
}
