import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@model/user';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /user/?id= - one user with `company`. No toast: the form page shows not found / forbidden itself. */
export type GetUserResponse = User;

function getUser(id: string): Promise<GetUserResponse> {
  return api.get<GetUserResponse>('/user/', { query: { id } });
}

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUser(id) });

/**
 * One user. `initialData`: the row a list passed in navigation state (spares the load, like the list had it);
 * `enabled: false` for a form that creates a new user.
 */
export function useUser({
  id,
  initialData,
  queryConfig,
}: {
  id: string;
  initialData?: User;
  queryConfig?: QueryConfig<typeof getUserQueryOptions>;
}) {
  return useQuery({ ...getUserQueryOptions(id), initialData, ...queryConfig });
}
