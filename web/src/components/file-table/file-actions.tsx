import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import ViewIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { extensionOf, type AttachedFile } from '@model/files';

interface FileActionsProps {
  file: AttachedFile;
  canDelete: boolean;
  onDownload: (file: AttachedFile) => void;
  onDelete: (file: AttachedFile) => void;
  /** opens a PDF in the in-page viewer (offered for PDFs only: the upload's content check made them real PDFs) */
  onView?: (file: AttachedFile) => void;
}

/** A file's view (PDFs), download and (where allowed) delete buttons, named after the file: the same in rows and cards. */
export function FileActions({ file, canDelete, onDownload, onDelete, onView }: FileActionsProps) {
  const { t } = useTranslation('files');
  return (
    <>
      {onView && extensionOf(file.filename) === 'pdf' && (
        <Tooltip title={t('table.view')}>
          <IconButton aria-label={t('table.viewNamed', { name: file.filename })} onClick={() => onView(file)}>
            <ViewIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('table.download')}>
        <IconButton aria-label={t('table.downloadNamed', { name: file.filename })} onClick={() => onDownload(file)}>
          <DownloadIcon />
        </IconButton>
      </Tooltip>
      {canDelete && (
        <Tooltip title={t('table.delete')}>
          <IconButton aria-label={t('table.deleteNamed', { name: file.filename })} onClick={() => onDelete(file)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
