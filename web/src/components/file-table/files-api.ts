import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttachedFile } from '@model/files';
import { api, downloadBlob, fetchBlob } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /file/names?path= - the files of a folder (AttachedFile[], sorted by name). */
function listFiles(path: string): Promise<AttachedFile[]> {
  return api.get<AttachedFile[]>('/file/names', { query: { path } });
}

const filesQueryOptions = (path: string) =>
  queryOptions({ queryKey: queryKeys.files.folder(path), queryFn: () => listFiles(path) });

export function useFiles(path: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...filesQueryOptions(path), enabled });
}

/** GET /file/?path= - saves the file under the name of its Content-Disposition. */
export function downloadFile(file: Pick<AttachedFile, 'path' | 'filename'>): Promise<string> {
  return downloadBlob('/file/', file.filename, { query: { path: file.path } });
}

/**
 * GET /file/?path= - the file's bytes for the in-page viewer: the same authorised call as the download (read
 * permission, and a folder that counts downloads counts this one), never a second way to a file.
 */
export async function fetchFile(file: Pick<AttachedFile, 'path' | 'filename'>): Promise<Blob> {
  return (await fetchBlob('/file/', file.filename, { query: { path: file.path } })).blob;
}

/** POST /file/delete?path= */
function deleteFile(path: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/file/delete', undefined, { query: { path } });
}

/** Refetches a folder's listing (after an upload). */
export function useRefreshFiles(folder: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.files.folder(folder) });
}

/** Deletes files of one folder one after another; the folder's listing is refetched once, also after a failure. */
export function useDeleteFiles(folder: string) {
  const refresh = useRefreshFiles(folder);
  return useMutation({
    mutationFn: async (files: Pick<AttachedFile, 'path'>[]) => {
      for (const file of files) await deleteFile(file.path);
    },
    onSettled: refresh,
  });
}
