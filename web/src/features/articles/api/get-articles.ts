import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Article, ArticleColumn } from '@model/catalogue';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api } from '@/lib/api-client';
import { articleKeys } from './keys';

/** GET /article/filter: the paging contract plus the order-number search and the manufacturer. */
export type GetArticlesRequest = PageRequest<ArticleColumn> & { orderNumber?: string; manufacturer?: string };

export const articlesQueryOptions = (request: GetArticlesRequest) =>
  queryOptions({
    queryKey: articleKeys.list(request),
    queryFn: () =>
      api.get<Page<Article>>('/article/filter', { query: pageRequestParams({ ...request }), toastOnError: true }),
    placeholderData: keepPreviousData,
  });
