import { Port } from '../../platform/ports.js';
import type { ArticlesService } from './articles.service.js';
import type { FieldValuesService } from './field-values.service.js';

/** What the catalogue offers later areas (the BOM matcher next) and the seed. */
export const CATALOGUE_PORT = new Port<{ articles: ArticlesService; fieldValues: FieldValuesService }>('catalogue');
