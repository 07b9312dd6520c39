import { indexesFor, type IndexDefinition, type PagedListShape } from './data/paged-query.js';
import { COMPANIES_PAGE_SHAPE } from './modules/companies/companies.repository.js';
import { ENQUIRIES_PAGE_SHAPE } from './modules/enquiries/enquiries.repository.js';
import { OFFERS_PAGE_SHAPE } from './modules/offers/offers.repository.js';
import { USERS_PAGE_SHAPE } from './modules/users/users.repository.js';

/**
 * Every server-side list the API runs (one line per area). firestore.indexes.json must hold exactly the
 * composite indexes they need; indexes.test.ts checks it and prints the file's content when it differs.
 */
export const PAGED_LISTS: PagedListShape[] = [
  USERS_PAGE_SHAPE,
  COMPANIES_PAGE_SHAPE,
  ENQUIRIES_PAGE_SHAPE,
  OFFERS_PAGE_SHAPE,
];

export function requiredIndexes(lists: readonly PagedListShape[] = PAGED_LISTS): IndexDefinition[] {
  const byKey = new Map<string, IndexDefinition>();
  for (const index of lists.flatMap(indexesFor)) byKey.set(JSON.stringify(index), index);
  return [...byKey.values()];
}
