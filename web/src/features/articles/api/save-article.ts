import type { Article, ArticleInput } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { useEndpointMutation } from '@/lib/react-query';
import { articleKeys, fieldValueKeys } from './keys';

/** POST /article/ (create: 406 on a taken number) or /article/update (409 taken, 417 missing values). */
export function useSaveArticle() {
  return useEndpointMutation(
    (article: ArticleInput) =>
      article.id ? api.post<Article>('/article/update', article) : api.post<Article>('/article/', article),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
        queryClient.invalidateQueries({ queryKey: fieldValueKeys.all }),
      ]),
  );
}
