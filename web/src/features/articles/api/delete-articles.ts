import { api } from '@/lib/api-client';
import { useEndpointMutation } from '@/lib/react-query';
import { articleKeys, fieldValueKeys } from './keys';

/** POST /article/delete?id= one by one (spec 7: bulk delete is done one by one); one settled result per id. */
export function useDeleteArticles() {
  return useEndpointMutation(
    (ids: string[]) => Promise.allSettled(ids.map((id) => api.post('/article/delete', {}, { query: { id } }))),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
        queryClient.invalidateQueries({ queryKey: fieldValueKeys.all }),
      ]),
  );
}
