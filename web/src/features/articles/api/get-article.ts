import { useQuery } from '@tanstack/react-query';
import type { Article } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { articleKeys } from './keys';

/** GET /article/?id= (the form page; `enabled` false for a new article). */
export const useArticle = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: articleKeys.detail(id),
    queryFn: () => api.get<Article>('/article/', { query: { id } }),
    enabled,
  });
