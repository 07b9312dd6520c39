import type { MatchableArticle } from '../../model/bom/bom-line.js';
import { Port } from '../../platform/ports.js';
import type { ArticlesService } from './articles.service.js';
import type { MatchContext } from './catalogue-lookup.js';
import type { FieldValuesService } from './field-values.service.js';

/** What the catalogue offers later areas (the BOM jobs) and the seed. */
export interface CataloguePort {
  articles: ArticlesService;
  fieldValues: FieldValuesService;
  /** the BOM matcher's Firestore lookup and the lists it needs, read once per BOM (catalogue-lookup.ts) */
  matchContext(): Promise<MatchContext>;
  /** one article as a BOM line keeps it (manual match); undefined when it does not exist */
  matchableArticle(id: string): Promise<MatchableArticle | undefined>;
  /** every manufacturer's display name, abbreviation and name variants (the BOM mapping's known maker names) */
  manufacturerNames(): Promise<string[]>;
}

export const CATALOGUE_PORT = new Port<CataloguePort>('catalogue');
