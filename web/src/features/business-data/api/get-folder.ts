import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FolderView } from '@model/business-data';
import { api } from '@/lib/api-client';
import { businessDataKeys } from './keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /offer/businessdata?offerId= - the folder as the caller may see it (404 hidden, 403 no read). */
function getFolder(offerId: string): Promise<FolderView> {
  return api.get<FolderView>('/offer/businessdata', { query: { offerId } });
}

export const getFolderQueryOptions = (offerId: string) =>
  queryOptions({ queryKey: businessDataKeys.folder(offerId), queryFn: () => getFolder(offerId) });

export function useFolder({
  offerId,
  queryConfig,
}: {
  offerId: string;
  queryConfig?: QueryConfig<typeof getFolderQueryOptions>;
}) {
  return useQuery({ ...getFolderQueryOptions(offerId), ...queryConfig });
}
