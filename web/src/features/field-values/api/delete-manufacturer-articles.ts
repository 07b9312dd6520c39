import { api } from '@/lib/api-client';
import { useEndpointMutation } from '@/lib/react-query';
import { articleKeys, fieldValueKeys } from './keys';

/** GET /manufacturer/delete/article?manufacturerId=: deletes every article of the manufacturer (a task). */
export function useDeleteManufacturerArticles() {
  return useEndpointMutation(
    (manufacturerId: string) =>
      api.get<{ taskId: string }>('/manufacturer/delete/article', { query: { manufacturerId } }),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fieldValueKeys.all }),
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
      ]),
  );
}
