import type { AttachedFile } from '@model/files';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { enquiryKeys, offerKeys } from './keys';
import { useEndpointMutation } from '@/lib/react-query';

/** POST /conversation/message/copyfile?messageId=&path= - the attachment into a folder of the record. */
function copyFile({ messageId, path }: { messageId: string; path: string }): Promise<AttachedFile> {
  return api.post<AttachedFile>('/conversation/message/copyfile', undefined, { query: { messageId, path } });
}

/** The folder's listing and the record (its documents facts) refresh. */
export function useCopyFile() {
  return useEndpointMutation(copyFile, (queryClient, _file, { path }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.files.folder(path) }),
      queryClient.invalidateQueries({ queryKey: enquiryKeys.all }),
      queryClient.invalidateQueries({ queryKey: offerKeys.all }),
    ]),
  );
}
