import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedFolderRow } from '@model/business-data';
import { api } from '@/lib/api-client';
import { businessDataKeys } from './keys';

/** GET /offer/businessdata/shared - the folders shared with the caller's e-mail (spec 2 "/business-data"). */
function getSharedFolders(): Promise<SharedFolderRow[]> {
  return api.get<SharedFolderRow[]>('/offer/businessdata/shared', { toastOnError: true });
}

const getSharedFoldersQueryOptions = () =>
  queryOptions({ queryKey: businessDataKeys.shared(), queryFn: getSharedFolders });

export function useSharedFolders() {
  return useQuery(getSharedFoldersQueryOptions());
}
