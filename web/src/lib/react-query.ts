import {
  QueryClient,
  useMutation,
  useQueryClient,
  type DefaultOptions,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';

// Every query and mutation error is an ApiError (the api client turns every failure into one).
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/** Failed attempts after which a query gives up (network errors and 5xx only). */
const MAX_RETRIES = 2;

/** Retry network errors and 5xx a couple of times; a 4xx answer is final (the same request fails again). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    // the portal is used in one tab for long sessions: refresh on focus, but not on every re-render
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/**
 * The app's one QueryClient. Errors reach the user through the api client's toast rules (`toastOnError` on
 * the endpoint call); a failed load leaves `data` undefined and the page shows its fallback (`data ?? []`,
 * spec 8). The query keeps the error (`error`, `isError`) for pages that show more.
 */
export function createQueryClient(defaults: DefaultOptions = queryConfig): QueryClient {
  return new QueryClient({ defaultOptions: defaults });
}

let client: QueryClient | undefined;

/** The one QueryClient of the running app (created on first use; see lib/query-scope). */
export function appQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/** Extra options a caller may pass to an endpoint's query hook (everything but key and function). */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

/** Extra options a caller may pass to an endpoint's mutation hook. */
export type MutationConfig<F extends (...args: never[]) => Promise<unknown>> = UseMutationOptions<
  Awaited<ReturnType<F>>,
  ApiError,
  Parameters<F>[0]
>;

/**
 * An endpoint's mutation hook: runs `mutationFn`, then the endpoint's cache effect (store the answer, invalidate
 * the lists), then the caller's own `onSuccess` — so a page never has to remember which queries an answer
 * changes. Every mutation hook of an endpoint file is one call of this.
 */
export function useEndpointMutation<F extends (variables: never) => Promise<unknown>>(
  mutationFn: F,
  effect: (queryClient: QueryClient, data: Awaited<ReturnType<F>>, variables: Parameters<F>[0]) => Promise<unknown>,
  mutationConfig?: MutationConfig<F>,
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: mutationFn as unknown as (variables: Parameters<F>[0]) => Promise<Awaited<ReturnType<F>>>,
    onSuccess: async (data, variables, ...args) => {
      await effect(queryClient, data, variables);
      await onSuccess?.(data, variables, ...args);
    },
  });
}
