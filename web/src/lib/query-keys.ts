import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The keys of an API resource: `resource('enquiries')`, or a resource under a parent (`resource('field-values',
 * kind)`: one per field-value kind, all under `['field-values']`). **The resource name is the contract**: each
 * feature keeps its keys in `features/<area>/api/keys.ts`, built with this, and a feature that reads or changes
 * another area's resource builds the same keys from the same name in its own keys.ts (never importing the other
 * feature). A key starts with the resource path, then the kind (`list`, `detail`, or an own kind such as the
 * offers' `compare`), then the request; a change to a resource invalidates its prefix (`all`), which also refreshes
 * every other feature's view of it.
 */
export const resource = <const P extends readonly string[]>(...path: P) => ({
  all: path,
  /** every page of the list (`list()`), or one page (`list(request)`: the page request is the key) */
  list: <Q extends object>(request?: Q) =>
    request ? ([...path, 'list', request] as const) : ([...path, 'list'] as const),
  detail: (id: string) => [...path, 'detail', id] as const,
});

/** The keys of shared code (lib/, components/), not of an area. */
export const queryKeys = {
  /** the signed-in principal (lib/current-user) */
  currentUser: (uid: string) => ['current-user', uid] as const,
  /** a folder's listing (GET /file/names?path=; components/file-table), which several areas' uploads change */
  files: {
    all: ['files'] as const,
    folder: (path: string) => ['files', path] as const,
  },
};

/** A resource's keys as `storeRecord` needs them. */
interface RecordKeys {
  all: QueryKey;
  detail: (id: string) => QueryKey;
}

/**
 * After a call that answers a record: the answer becomes its detail query (`merge` may keep what only the detail
 * GET knows), every other query of the resource (lists, comparisons) is refetched.
 */
export async function storeRecord<T extends { id: string }>(
  queryClient: QueryClient,
  keys: RecordKeys,
  record: T,
  merge: (before: T | undefined) => T = () => record,
): Promise<void> {
  const detail = keys.detail(record.id);
  queryClient.setQueryData<T>(detail, (before) => merge(before));
  await queryClient.invalidateQueries({
    queryKey: keys.all,
    predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(detail),
  });
}

/**
 * The record as the server last answered it: when its detail query (`detail`, loaded by `load`) is cached, a
 * refetch under way (after a document upload changed it) is awaited and an invalidated one refetched; otherwise
 * (or when that fails) `known`. For checks just before a call ("is the circuit diagram there?").
 */
export async function latestRecord<T, U = T>(
  queryClient: QueryClient,
  detail: QueryKey,
  load: () => Promise<T>,
  known: U,
): Promise<T | U> {
  if (!queryClient.getQueryState(detail)) return known;
  try {
    return await queryClient.fetchQuery({ queryKey: detail, queryFn: load });
  } catch {
    return known;
  }
}
