import { api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { getUserQueryOptions } from './get-user';
import { getUsersQueryOptions } from './get-users';

/** POST /user/delete?userId= - deletes Auth account and user (never self). */
export interface DeleteUserResponse {
  ok: boolean;
}

export function deleteUser(userId: string): Promise<DeleteUserResponse> {
  return api.post<DeleteUserResponse>('/user/delete', {}, { query: { userId } });
}

/** Several users at once (the list's bulk action): one result per id, in order; a failure does not stop the rest. */
export function deleteUsers(userIds: string[]): Promise<PromiseSettledResult<DeleteUserResponse>[]> {
  return Promise.allSettled(userIds.map(deleteUser));
}

/** Deletes the given users; when all calls have settled, the lists are refetched once and the records dropped. */
export function useDeleteUsers({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteUsers> } = {}) {
  return useEndpointMutation(
    deleteUsers,
    (queryClient, _results, userIds) => {
      userIds.forEach((id) => queryClient.removeQueries({ queryKey: getUserQueryOptions(id).queryKey }));
      return queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey });
    },
    mutationConfig,
  );
}
