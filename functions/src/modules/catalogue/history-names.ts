import type { HistoryEntry } from '../../model/change-history.js';
import type { FieldValueKind } from '../../model/catalogue.js';
import type { Page } from '../../model/paging.js';
import type { FieldValueRepos } from './articles.service.js';

/**
 * A history page with its field-value references answered by name: an entry stores the id it changed (names change,
 * ids do not), the reader wants "Stück → Meter", not two ids. The current display name of each distinct id on the
 * page (one read each, at most a page's worth); an id that no longer exists stays as it is.
 */
export async function withReferenceNames(
  page: Page<HistoryEntry>,
  references: Partial<Record<string, FieldValueKind>>,
  repos: FieldValueRepos,
): Promise<Page<HistoryEntry>> {
  const wanted = new Map<string, FieldValueKind>();
  for (const entry of page.content)
    for (const c of entry.changes) {
      const kind = references[c.field];
      if (!kind) continue;
      for (const v of [c.from, c.to]) if (typeof v === 'string') wanted.set(`${kind}/${v}`, kind);
    }
  if (!wanted.size) return page;
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([key, kind]) => {
      const item = await repos[kind].get(key.slice(kind.length + 1));
      if (item) names.set(key, item.displayName);
    }),
  );
  const named = (kind: FieldValueKind | undefined, v: HistoryEntry['changes'][number]['from']) =>
    kind && typeof v === 'string' ? (names.get(`${kind}/${v}`) ?? v) : v;
  return {
    ...page,
    content: page.content.map((entry) => ({
      ...entry,
      changes: entry.changes.map((c) => {
        const kind = references[c.field];
        return { ...c, from: named(kind, c.from), to: named(kind, c.to) };
      }),
    })),
  };
}
