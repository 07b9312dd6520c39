import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /user/lastlogin - ADMIN company: the latest login, or {}. */
interface GetLastLoginResponse {
  mail?: string;
  lastLoginAt?: Date;
}

function getLastLogin(): Promise<GetLastLoginResponse> {
  return api.get<GetLastLoginResponse>('/user/lastlogin');
}

export const getLastLoginQueryOptions = () => queryOptions({ queryKey: userKeys.lastLogin(), queryFn: getLastLogin });

export function useLastLogin({ queryConfig }: { queryConfig?: QueryConfig<typeof getLastLoginQueryOptions> } = {}) {
  return useQuery({ ...getLastLoginQueryOptions(), ...queryConfig });
}
