import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@model/files';

interface FileActionsProps {
  file: AttachedFile;
  canDelete: boolean;
  onDownload: (file: AttachedFile) => void;
  onDelete: (file: AttachedFile) => void;
}

/** A file's download and (where allowed) delete buttons, named after the file: the same in rows and cards. */
export function FileActions({ file, canDelete, onDownload, onDelete }: FileActionsProps) {
  const { t } = useTranslation('files');
  return (
    <>
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
