import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Article, ArticleColumn, ArticleInput, FieldValue, FieldValueKind } from '@model/catalogue';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useEndpointMutation } from '@/lib/react-query';

/** GET /article/filter: the paging contract plus the order-number search and the manufacturer. */
export type GetArticlesRequest = PageRequest<ArticleColumn> & { orderNumber?: string; manufacturer?: string };

export const articlesQueryOptions = (request: GetArticlesRequest) =>
  queryOptions({
    queryKey: queryKeys.articles.list(request),
    queryFn: () =>
      api.get<Page<Article>>('/article/filter', { query: pageRequestParams({ ...request }), toastOnError: true }),
    placeholderData: keepPreviousData,
  });

export const useArticle = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.articles.detail(id),
    queryFn: () => api.get<Article>('/article/', { query: { id } }),
    enabled,
  });

/** POST /article/ (create: 406 on a taken number) or /article/update (409 taken, 417 missing values). */
export function useSaveArticle() {
  return useEndpointMutation(
    (article: ArticleInput) =>
      article.id ? api.post<Article>('/article/update', article) : api.post<Article>('/article/', article),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.fieldValues.all }),
      ]),
  );
}

/** POST /article/delete?id= one by one (spec 7: bulk delete is done one by one); one settled result per id. */
export function useDeleteArticles() {
  return useEndpointMutation(
    (ids: string[]) => Promise.allSettled(ids.map((id) => api.post('/article/delete', {}, { query: { id } }))),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.fieldValues.all }),
      ]),
  );
}

/** POST /article/replace: the article that holds this number already (other than `matchId`), or null. */
export async function numberOwner(body: {
  orderNumber?: string;
  manufacturerNumber?: string;
  manufacturerId?: string;
  matchId?: string;
}): Promise<Article | null> {
  return (await api.post<{ article: Article | null }>('/article/replace', body)).article;
}

const PATHS: Record<FieldValueKind, string> = {
  manufacturer: '/manufacturer',
  discountGroup: '/discountgroup',
  unit: '/unit',
  wholesaler: '/wholesaler',
};

/**
 * The choices of the form's selects and the list's manufacturer filter: GET /<kind>/all, cached under the field
 * values' key (lib/query-keys), so a change in the field-value lists refreshes them.
 */
export const useChoices = (kind: FieldValueKind) =>
  useQuery({
    queryKey: queryKeys.fieldValues.list(kind),
    queryFn: () => api.get<FieldValue[]>(`${PATHS[kind]}/all`, { query: { withAmount: true } }),
    staleTime: 60_000,
  });
