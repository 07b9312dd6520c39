import type { QueryClient } from '@tanstack/react-query';
import type { FolderView } from '@model/business-data';
import { businessDataKeys } from './keys';

/** An answer that is the folder: it becomes the folder's query; the log, the shared list and listings refetch. */
export async function storeFolder(queryClient: QueryClient, view: FolderView, offerId = view.offerId): Promise<void> {
  queryClient.setQueryData(businessDataKeys.folder(offerId), view);
  await queryClient.invalidateQueries({
    queryKey: businessDataKeys.all,
    predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(businessDataKeys.folder(offerId)),
  });
}

/** After a change of the folder's files or settings: refetch everything of the folder. */
export function refreshFolders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: businessDataKeys.all });
}
