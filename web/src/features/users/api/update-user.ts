import type { User, UserUpdateInput } from '@model/user';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/** POST /user/update - the model's user form with id (`admin` omitted leaves the flag unchanged). */
export type UpdateUserRequest = UserUpdateInput;
export type UpdateUserResponse = User;

export function updateUser(user: UpdateUserRequest): Promise<UpdateUserResponse> {
  return api.post<UpdateUserResponse>('/user/update', user);
}

/** Saves a user: its cached record becomes the answer, every user list is refetched. */
export function useUpdateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUser> } = {}) {
  return useEndpointMutation(
    updateUser,
    (queryClient, user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.list() });
    },
    mutationConfig,
  );
}
