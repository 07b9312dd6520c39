import { resource } from '@/lib/query-keys';

/** the catalogue's articles (GET /article*) */
export const articleKeys = resource('articles');

/** the field values: one resource per kind (GET /<kind>/all), all under ['field-values'] */
export const fieldValueKeys = {
  all: resource('field-values').all,
  of: (kind: string) => resource('field-values', kind),
};
