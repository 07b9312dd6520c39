import type { AttachedFile } from '@model/files';
import { api, downloadBlob } from '@/lib/api-client';

/** GET /file/names?path= - the files of a folder (AttachedFile[], sorted by name). */
export function listFiles(path: string): Promise<AttachedFile[]> {
  return api.get<AttachedFile[]>('/file/names', { query: { path } });
}

/** GET /file/?path= - saves the file under the name of its Content-Disposition. */
export function downloadFile(file: Pick<AttachedFile, 'path' | 'filename'>): Promise<string> {
  return downloadBlob('/file/', file.filename, { query: { path: file.path } });
}

/** POST /file/delete?path= */
export function deleteFile(path: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/file/delete', undefined, { query: { path } });
}
