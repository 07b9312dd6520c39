import { useId, useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AttachedFile, DocumentType, UploadContext } from '@model/files';
import { LazyPdfViewer } from '@/components/pdf-viewer';
import { FileUpload } from '@/components/upload';
import { FileTable } from './file-table';
import { downloadFile, fetchFile, useDeleteFiles, useFiles, useRefreshFiles } from './files-api';

export interface FolderFilesProps {
  /** the folder (ending with '/') */
  path: string;
  context: UploadContext;
  /** the owning record's rule: upload and delete; otherwise list and download only */
  canChange: boolean;
  /** delete where the record allows it (default: `canChange`; false for folders whose files stay once added) */
  canDelete?: boolean;
  /** uploads carry one of these document types, chosen above the drop zone (the first one preselected) */
  documentTypes?: readonly DocumentType[];
  /**
   * after an upload or delete changed the folder: a record that lists the folder's files (an enquiry's or offer's
   * `documents`) refetches itself here (lib/query-keys), so its rules see the change
   */
  onChange?: () => Promise<unknown>;
  /** downloads a selection at once (a project folder's ZIP) instead of file by file */
  onDownloadSelection?: (files: AttachedFile[]) => Promise<unknown>;
  /** after a download (folders that count downloads refetch their listing) */
  afterDownload?: () => Promise<unknown>;
}

/**
 * One folder of a record through the generic file calls: upload (where allowed), list, view (PDFs, in the page),
 * download, delete.
 */
export function FolderFiles({
  path,
  context,
  canChange,
  canDelete = canChange,
  documentTypes,
  onChange,
  onDownloadSelection,
  afterDownload,
}: FolderFilesProps) {
  const { t } = useTranslation('files');
  const selectId = useId();
  const files = useFiles(path);
  const refresh = useRefreshFiles(path);
  const remove = useDeleteFiles(path);
  const [chosen, setChosen] = useState<DocumentType | undefined>(documentTypes?.[0]);
  const [viewing, setViewing] = useState<AttachedFile>();
  // the choices can change with the caller's side; a choice no longer offered falls back to the first
  const documentType = chosen && documentTypes?.includes(chosen) ? chosen : documentTypes?.[0];
  return (
    <Stack spacing={2}>
      {canChange && (
        <>
          {documentTypes && (
            <TextField
              select
              id={selectId}
              label={t('documentType')}
              value={documentType}
              onChange={(e) => setChosen(e.target.value as DocumentType)}
              sx={{ maxWidth: 320 }}
            >
              {documentTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`documentTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FileUpload
            path={path}
            context={context}
            documentType={documentType}
            onUploaded={() => void Promise.all([refresh(), onChange?.()])}
          />
        </>
      )}
      <FileTable
        files={files.data ?? []}
        loading={files.isPending}
        canDelete={canDelete}
        onDownload={
          afterDownload
            ? async (file) => {
                await downloadFile(file);
                await Promise.all([refresh(), afterDownload()]);
              }
            : downloadFile
        }
        onDownloadSelection={
          onDownloadSelection &&
          (async (list) => {
            await onDownloadSelection(list);
            await Promise.all([refresh(), afterDownload?.()]);
          })
        }
        onDelete={async (list) => {
          try {
            await remove.mutateAsync(list);
          } finally {
            void onChange?.();
          }
        }}
        onView={setViewing}
      />
      {viewing && (
        <LazyPdfViewer
          key={viewing.id}
          filename={viewing.filename}
          fetchFile={async () => {
            const blob = await fetchFile(viewing);
            // a view is a download (docs/decisions-api.md "In-page PDF viewer"): counting folders show the new count
            if (afterDownload) void Promise.all([refresh(), afterDownload()]);
            return blob;
          }}
          onClose={() => setViewing(undefined)}
        />
      )}
    </Stack>
  );
}
