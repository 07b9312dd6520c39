import { resource } from '@/lib/query-keys';

/** the catalogue's articles (GET /article*) */
export const articleKeys = resource('articles');

/** the field values: one resource per kind (GET /<kind>/filter, components/field-value-select), all under ['field-values'] */
export const fieldValueKeys = {
  all: resource('field-values').all,
};
