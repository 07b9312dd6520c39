import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
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
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    onSuccess: async (results, userIds, ...args) => {
      userIds.forEach((id) => queryClient.removeQueries({ queryKey: getUserQueryOptions(id).queryKey }));
      await queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey });
      await onSuccess?.(results, userIds, ...args);
    },
    mutationFn: deleteUsers,
  });
}
