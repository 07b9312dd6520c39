import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@model/files';
import { TableScrollRegion } from '@/components/table-scroll-region';
import { formatDateTime } from '@/lib/format';
import { FileActions } from './file-actions';
import { FileIcon, formatSize } from './file-icon';

interface FileRowsProps {
  files: AttachedFile[];
  loading: boolean;
  /** the ids of the selected files */
  selected: string[];
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  canDelete: boolean;
  onDownload: (file: AttachedFile) => void;
  onDelete: (file: AttachedFile) => void;
  onView?: (file: AttachedFile) => void;
}

/**
 * The files as table rows (FileTable at full width; FileCards is the narrow form): the uploader, side, origin and
 * download columns only where the files carry them.
 */
export function FileRows({
  files,
  loading,
  selected,
  onToggle,
  onToggleAll,
  canDelete,
  onDownload,
  onDelete,
  onView,
}: FileRowsProps) {
  const { t } = useTranslation('files');
  const chosen = files.filter((f) => selected.includes(f.id)).length;
  const allSelected = files.length > 0 && chosen === files.length;
  const showUploader = files.some((f) => f.uploadedByName);
  const showSide = files.some((f) => f.side);
  const showCounter = files.some((f) => f.downloadCounter !== undefined);
  const showOrigin = files.some((f) => f.origin);
  const columnCount = 7 + (showUploader ? 1 : 0) + (showSide ? 1 : 0) + (showCounter ? 1 : 0) + (showOrigin ? 1 : 0);
  return (
    <TableScrollRegion label={t('table.label')}>
      <Table size="small" aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                indeterminate={chosen > 0 && !allSelected}
                disabled={!files.length}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': t('table.selectAll') } }}
              />
            </TableCell>
            <TableCell />
            <TableCell>{t('table.name')}</TableCell>
            <TableCell>{t('table.type')}</TableCell>
            <TableCell align="right">{t('table.size')}</TableCell>
            <TableCell>{t('table.date')}</TableCell>
            {showUploader && <TableCell>{t('table.uploadedBy')}</TableCell>}
            {showSide && <TableCell>{t('table.side')}</TableCell>}
            {showOrigin && <TableCell>{t('table.origin')}</TableCell>}
            {showCounter && <TableCell align="right">{t('table.downloads')}</TableCell>}
            <TableCell align="right">{t('table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((file) => (
            <TableRow key={file.id} data-testid="file-row" hover>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.includes(file.id)}
                  onChange={() => onToggle(file.id)}
                  slotProps={{ input: { 'aria-label': t('table.select', { name: file.filename }) } }}
                />
              </TableCell>
              <TableCell padding="checkbox">
                <FileIcon name={file.filename} />
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{file.filename}</TableCell>
              <TableCell>{t(`documentTypes.${file.fileType}`)}</TableCell>
              <TableCell align="right">{formatSize(file.size)}</TableCell>
              <TableCell>{file.lastUpdate ? formatDateTime(file.lastUpdate) : ''}</TableCell>
              {showUploader && <TableCell sx={{ overflowWrap: 'anywhere' }}>{file.uploadedByName ?? ''}</TableCell>}
              {showSide && <TableCell>{file.side ? t(`sides.${file.side}`) : ''}</TableCell>}
              {showOrigin && <TableCell>{file.origin ? t(`origins.${file.origin}`) : ''}</TableCell>}
              {showCounter && <TableCell align="right">{file.downloadCounter ?? 0}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <FileActions
                  file={file}
                  canDelete={canDelete}
                  onDownload={onDownload}
                  onDelete={onDelete}
                  onView={onView}
                />
              </TableCell>
            </TableRow>
          ))}
          {!files.length && !loading && (
            <TableRow>
              <TableCell colSpan={columnCount}>
                <Typography variant="body2" color="text.secondary">
                  {t('table.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}
