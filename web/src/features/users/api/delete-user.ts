import { api } from '@/lib/api-client';
import { userKeys } from './keys';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';

/** POST /user/delete?userId= - deletes Auth account and user (never self). */
export interface DeleteUserResponse {
  ok: boolean;
}

function deleteUser(userId: string): Promise<DeleteUserResponse> {
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
      userIds.forEach((id) => queryClient.removeQueries({ queryKey: userKeys.detail(id) }));
      return queryClient.invalidateQueries({ queryKey: userKeys.list() });
    },
    mutationConfig,
  );
}
