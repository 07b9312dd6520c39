import type { HistoryEntry } from '../../model/change-history.js';
import type { FieldValueKind } from '../../model/catalogue.js';
import type { Page } from '../../model/paging.js';
import type { FieldValueRepos } from './articles.service.js';

/** The wholesaler entries of an article as the history stores them: JSON objects joined by ", " (model/change-history). */
const WHOLESALER_ITEM = /\{[^{}]*\}/g;

/** The ids a value refers to: the value itself, or the `wholesalerId`s inside wholesaler entries. */
function idsIn(field: string, value: string): string[] {
  if (field !== 'wholesalerInfos') return [value];
  return [...value.matchAll(WHOLESALER_ITEM)].flatMap((m) => {
    const id = (JSON.parse(m[0]) as { wholesalerId?: unknown }).wholesalerId;
    return typeof id === 'string' ? [id] : [];
  });
}

/** A value with its ids replaced by names (a wholesaler entry gets `wholesaler: <name>` instead of its id). */
function rename(field: string, value: string, nameOf: (id: string) => string | undefined): string {
  if (field !== 'wholesalerInfos') return nameOf(value) ?? value;
  return value.replace(WHOLESALER_ITEM, (item) => {
    const { wholesalerId, ...rest } = JSON.parse(item) as { wholesalerId?: string };
    const name = wholesalerId === undefined ? undefined : nameOf(wholesalerId);
    return JSON.stringify(name === undefined ? { wholesalerId, ...rest } : { wholesaler: name, ...rest });
  });
}

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
      for (const v of [c.from, c.to])
        if (typeof v === 'string') for (const id of idsIn(c.field, v)) wanted.set(`${kind}/${id}`, kind);
    }
  if (!wanted.size) return page;
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([key, kind]) => {
      const item = await repos[kind].get(key.slice(kind.length + 1));
      if (item) names.set(key, item.displayName);
    }),
  );
  const named = (field: string, kind: FieldValueKind | undefined, v: HistoryEntry['changes'][number]['from']) =>
    kind && typeof v === 'string' ? rename(field, v, (id) => names.get(`${kind}/${id}`)) : v;
  return {
    ...page,
    content: page.content.map((entry) => ({
      ...entry,
      changes: entry.changes.map((c) => {
        const kind = references[c.field];
        return { ...c, from: named(c.field, kind, c.from), to: named(c.field, kind, c.to) };
      }),
    })),
  };
}
