import { useQuery } from '@tanstack/react-query';
import type { ArticleImportProgress, ArticleImportUploadSession } from '@model/article-transfer';
import { isFinalTaskState } from '@model/background-task';
import type { ImportConfig } from '@model/import-config';
import { api } from '@/lib/api-client';
import { articleTransferKeys } from './keys';
import { useEndpointMutation } from '@/lib/react-query';
import {
  cancelResumable,
  ResumableUploadError,
  uploadResumable,
  type ResumableUploadOptions,
} from './resumable-upload';

/** How often the panel asks while an import runs. */
const IMPORT_POLL_INTERVAL_MS = 2000;

/** An import that is not final (queued or running). */
export const importRuns = (p: ArticleImportProgress | undefined) => !!p?.state && !isFinalTaskState(p.state);

/** GET /article/import, polled (refetchInterval) while an import runs. */
export function useImportProgress() {
  return useQuery({
    queryKey: articleTransferKeys.importProgress,
    queryFn: () => api.get<ArticleImportProgress>('/article/import'),
    refetchInterval: (query) => (importRuns(query.state.data) ? IMPORT_POLL_INTERVAL_MS : false),
  });
}

/** GET /import/config/all: the configurations to choose from (the import-configs area's list). */
export function useImportConfigs() {
  return useQuery({
    queryKey: articleTransferKeys.importConfigs,
    queryFn: () => api.get<ImportConfig[]>('/import/config/all'),
  });
}

/** POST /article/import (multipart: file, importConfigId); 409 running, 417 wrong format, 424 unreadable. */
export function useStartImport() {
  return useEndpointMutation(
    ({ file, importConfigId }: { file: File; importConfigId: string }) => {
      const form = new FormData();
      form.append('importConfigId', importConfigId);
      form.append('file', file);
      return api.post<{ taskId: string }>('/article/import', form);
    },
    (queryClient) => queryClient.invalidateQueries({ queryKey: articleTransferKeys.importProgress }),
  );
}

interface LargeImportVariables extends Pick<ResumableUploadOptions, 'onProgress' | 'onRetry' | 'signal'> {
  file: File;
  importConfigId: string;
}

/**
 * A file beyond the multipart limit (docs/decisions-imports.md "Large files"): `POST /article/import/upload` issues a
 * resumable-upload session on Storage, the file goes up there in chunks (progress, resumed after a dropped
 * connection), then `POST /article/import/uploaded` starts the import. A cancelled or failed upload cancels its
 * session, so Storage drops the partial bytes.
 */
async function startLargeImport({ file, importConfigId, ...upload }: LargeImportVariables) {
  const session = await api.post<ArticleImportUploadSession>('/article/import/upload', {
    fileName: file.name,
    size: file.size,
  });
  try {
    await uploadResumable(session.uploadUrl, file, upload);
  } catch (error) {
    if (error instanceof ResumableUploadError) void cancelResumable(session.uploadUrl);
    throw error;
  }
  return api.post<{ taskId: string }>('/article/import/uploaded', {
    importId: session.importId,
    importConfigId,
  });
}

/** The large-file path as a mutation (same end as `useStartImport`: the progress is read again). */
export function useStartLargeImport() {
  return useEndpointMutation(startLargeImport, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: articleTransferKeys.importProgress }),
  );
}

/** GET /article/import/abort: the import stops after its current chunk. */
export function useAbortImport() {
  return useEndpointMutation(
    () => api.get<ArticleImportProgress>('/article/import/abort'),
    (queryClient, progress) => {
      queryClient.setQueryData(articleTransferKeys.importProgress, progress);
      return Promise.resolve();
    },
  );
}
