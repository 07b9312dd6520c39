import type { AttachedFile, DocumentType } from '@model/files';
import { uploadWithProgress } from '@/lib/api-client';

export interface UploadFileInput {
  /** the folder, e.g. companies/{id}/documents/ */
  path: string;
  file: File;
  documentType?: DocumentType;
  onProgress?: (loaded: number, total: number) => void;
}

/** POST /file/ (multipart: file, path, documentType?) - 201 with the stored file (its name may carry a numeric prefix). */
export function uploadFile({ path, file, documentType, onProgress }: UploadFileInput): Promise<AttachedFile> {
  const form = new FormData();
  form.append('path', path);
  if (documentType) form.append('documentType', documentType);
  form.append('file', file, file.name);
  return uploadWithProgress<AttachedFile>('/file/', form, { onProgress });
}
