import { Box, Card, Checkbox, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@model/files';
import { formatDateTime } from '@/lib/format';
import { FileActions } from './file-actions';
import { FileIcon, formatSize } from './file-icon';

export interface FileCardsProps {
  files: AttachedFile[];
  selected: string[];
  onToggle: (id: string) => void;
  canDelete: boolean;
  onDownload: (file: AttachedFile) => void;
  onDelete: (file: AttachedFile) => void;
  onView?: (file: AttachedFile) => void;
}

/**
 * The files on a phone: a card per file with its whole name (wrapped, not squeezed), its document type, size, date,
 * uploader, side and origin, and its download and delete buttons - all in view without scrolling sideways.
 */
export function FileCards({ files, selected, onToggle, canDelete, onDownload, onDelete, onView }: FileCardsProps) {
  const { t } = useTranslation('files');
  return (
    <Stack spacing={1} data-testid="file-cards">
      {files.map((file) => {
        const facts = [
          t(`documentTypes.${file.fileType}`),
          formatSize(file.size),
          file.lastUpdate ? formatDateTime(file.lastUpdate) : '',
          file.uploadedByName ?? '',
          file.side ? t(`sides.${file.side}`) : '',
          file.origin ? t(`origins.${file.origin}`) : '',
          file.downloadCounter !== undefined ? t('table.downloadCount', { count: file.downloadCounter }) : '',
        ].filter(Boolean);
        return (
          <Card key={file.id} variant="outlined" data-testid="file-row" sx={{ p: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Checkbox
                checked={selected.includes(file.id)}
                onChange={() => onToggle(file.id)}
                slotProps={{ input: { 'aria-label': t('table.select', { name: file.filename }) } }}
                sx={{ p: 0.5 }}
              />
              <Box sx={{ pt: 0.5 }}>
                <FileIcon name={file.filename} />
              </Box>
              <Box sx={{ flexGrow: 1, minWidth: 0, pt: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {file.filename}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {facts.join(' · ')}
                </Typography>
              </Box>
              <Stack direction="row" sx={{ flexShrink: 0 }}>
                <FileActions
                  file={file}
                  canDelete={canDelete}
                  onDownload={onDownload}
                  onDelete={onDelete}
                  onView={onView}
                />
              </Stack>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
