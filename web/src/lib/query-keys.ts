import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every resource's query keys, in one place. A key starts with the API resource (`['enquiries', …]`), then the
 * kind (`list`, `detail`, …), then the request; a change to a resource invalidates its prefix (`all`), which also
 * refreshes other features' views of it - without either feature importing the other. Endpoint files build their
 * query options from these keys; a feature that changes another feature's record (a panel's upload) updates or
 * invalidates the record's key here.
 */
const resource = <R extends string>(name: R) => ({
  all: [name] as const,
  /** every page of the list (`list()`), or one page (`list(request)`: the page request is the key) */
  list: <Q extends object>(request?: Q) => (request ? ([name, 'list', request] as const) : ([name, 'list'] as const)),
  detail: (id: string) => [name, 'detail', id] as const,
});

export const queryKeys = {
  /** the signed-in principal (lib/current-user) */
  currentUser: (uid: string) => ['current-user', uid] as const,
  users: {
    ...resource('users'),
    lastLogin: () => ['users', 'last-login'] as const,
  },
  companies: {
    ...resource('companies'),
    /** every company at once (GET /company/all: the user form's choice, the user list's filter) */
    choices: () => ['companies', 'all'] as const,
  },
  enquiries: resource('enquiries'),
  offers: {
    ...resource('offers'),
    /** the customer's comparison of the offers on one enquiry */
    compare: (enquiryId: string) => ['offers', 'compare', enquiryId] as const,
  },
  /** project folders (GET /offer/businessdata*), by the offer id the page was opened with */
  businessData: {
    all: ['business-data'] as const,
    folder: (offerId: string) => ['business-data', 'folder', offerId] as const,
    shared: () => ['business-data', 'shared'] as const,
    log: (offerId: string) => ['business-data', 'log', offerId] as const,
  },
  /** chat (GET /conversation*): a record's conversations, a thread, the caller's unread messages (the bell) */
  chat: {
    all: ['chat'] as const,
    conversations: (record: { enquiryId?: string; offerId?: string }) => ['chat', 'conversations', record] as const,
    thread: (conversationId: string) => ['chat', 'thread', conversationId] as const,
    /** the caller's mail digest switch */
    digest: () => ['chat', 'digest'] as const,
    unread: {
      all: ['chat', 'unread'] as const,
      count: () => ['chat', 'unread', 'count'] as const,
      list: () => ['chat', 'unread', 'list'] as const,
    },
  },
  /** the catalogue (features/articles) and its field values (features/field-values; one resource per kind) */
  articles: resource('articles'),
  fieldValues: {
    all: ['field-values'] as const,
    /** one kind's whole list (GET /<kind>/all?withAmount=true) */
    list: (kind: string) => ['field-values', kind, 'all'] as const,
    detail: (kind: string, id: string) => ['field-values', kind, 'detail', id] as const,
  },
  /** the article import's progress (features/article-transfer) and the import configurations it offers */
  articleTransfer: {
    importProgress: ['article-transfer', 'import'] as const,
    importConfigs: ['import-configs', 'all'] as const,
  },
  files: {
    all: ['files'] as const,
    /** a folder's listing (GET /file/names?path=) */
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
