import { Stack } from '@mui/material';
import type { DocumentType, UploadContext } from '@model/files';
import { FileUpload } from '@/components/upload';
import { FileTable } from './file-table';
import { downloadFile, useDeleteFiles, useFiles, useRefreshFiles } from './files-api';

export interface FolderFilesProps {
  /** the folder (ending with '/') */
  path: string;
  context: UploadContext;
  /** the owning record's rule: upload and delete; otherwise list and download only */
  canChange: boolean;
  documentType?: DocumentType;
  /** e.g. the document-type choice above the drop zone */
  uploadHeader?: React.ReactNode;
}

/** One folder of a record through the generic file calls: upload (where allowed), list, download, delete. */
export function FolderFiles({ path, context, canChange, documentType, uploadHeader }: FolderFilesProps) {
  const files = useFiles(path);
  const refresh = useRefreshFiles(path);
  const remove = useDeleteFiles(path);
  return (
    <Stack spacing={2}>
      {canChange && (
        <>
          {uploadHeader}
          <FileUpload path={path} context={context} documentType={documentType} onUploaded={() => void refresh()} />
        </>
      )}
      <FileTable
        files={files.data ?? []}
        loading={files.isPending}
        canDelete={canChange}
        onDownload={downloadFile}
        onDelete={(list) => remove.mutateAsync(list)}
      />
    </Stack>
  );
}
