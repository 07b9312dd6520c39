import { HISTORY_FIELD_OVERRIDES } from './data/change-history.js';
import { indexesFor, type IndexDefinition, type PagedListShape } from './data/paged-query.js';
import { AREAS } from './modules.js';

/**
 * Every server-side list the API runs, as the areas declare them (Area.pageShapes). firestore.indexes.json holds
 * exactly the composite indexes they need: `npm run indexes` writes it, indexes.test.ts fails when it differs.
 */
export const PAGED_LISTS: PagedListShape[] = AREAS.flatMap((a) => a.pageShapes ?? []);

export function requiredIndexes(lists: readonly PagedListShape[] = PAGED_LISTS): IndexDefinition[] {
  const byKey = new Map<string, IndexDefinition>();
  for (const index of lists.flatMap(indexesFor)) byKey.set(JSON.stringify(index), index);
  return [...byKey.values()];
}

/** The content of firestore.indexes.json (the change history's exemptions: data/change-history.ts). */
export function indexFileContent(): string {
  return `${JSON.stringify({ indexes: requiredIndexes(), fieldOverrides: HISTORY_FIELD_OVERRIDES }, null, 2)}\n`;
}
