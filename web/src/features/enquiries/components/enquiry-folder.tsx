import { Stack } from '@mui/material';
import type { DocumentType, UploadContext } from '@model/files';
import { downloadFile, FileTable, useDeleteFiles, useFiles, useRefreshFiles } from '@/components/file-table';
import { FileUpload } from '@/components/upload';

export interface EnquiryFolderProps {
  /** one of enquiryFolders.* */
  path: string;
  context: UploadContext;
  /** canEditEnquiry: upload and delete; otherwise list and download only */
  canChange: boolean;
  documentType?: DocumentType;
  /** e.g. the document-type choice above the drop zone */
  uploadHeader?: React.ReactNode;
}

/** One folder of an enquiry through the generic file calls: upload (where allowed), list, download, delete. */
export function EnquiryFolder({ path, context, canChange, documentType, uploadHeader }: EnquiryFolderProps) {
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
