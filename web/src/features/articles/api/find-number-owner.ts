import type { Article } from '@model/catalogue';
import { api } from '@/lib/api-client';

/** POST /article/replace: the article that holds this number already (other than `matchId`), or null. */
export async function numberOwner(body: {
  orderNumber?: string;
  manufacturerNumber?: string;
  manufacturerId?: string;
  matchId?: string;
}): Promise<Article | null> {
  return (await api.post<{ article: Article | null }>('/article/replace', body)).article;
}
