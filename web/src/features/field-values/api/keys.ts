import { resource } from '@/lib/query-keys';

/** the field values: one resource per kind (GET /<kind>/all), all under ['field-values'] */
export const fieldValueKeys = {
  all: resource('field-values').all,
  of: (kind: string) => resource('field-values', kind),
};

/** the articles, which show the field values (a combine changes them) */
export const articleKeys = resource('articles');
