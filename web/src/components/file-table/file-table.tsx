import { useState } from 'react';
import { Box, Button, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@model/files';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/lib/notify';
import { useContainerWidth } from '@/lib/use-container-width';
import { FileCards } from './file-cards';
import { FileRows } from './file-rows';

export interface FileTableProps {
  files: AttachedFile[];
  loading?: boolean;
  /** offers delete (row and selection); the caller decides with the model's permission rule */
  canDelete?: boolean;
  onDownload: (file: AttachedFile) => Promise<unknown>;
  /** deletes the files (after the user confirmed) */
  onDelete?: (files: AttachedFile[]) => Promise<unknown>;
  /** downloads a selection at once (a project folder's ZIP); without it each selected file is downloaded */
  onDownloadSelection?: (files: AttachedFile[]) => Promise<unknown>;
  /** opens a PDF in the in-page viewer (a view button on each PDF) */
  onView?: (file: AttachedFile) => void;
}

/** Below this width of its own the table would squeeze the file names: cards instead. */
const CARDS_BELOW_PX = 560;

/**
 * The one file table: icon by group (image, sheet, document), name, type, size, date, and - where the API answers
 * them (folders whose record lists its files) - who uploaded it and, on offers, the side; download per row or for
 * the selection; delete with a confirmation. An empty selection gives the spec's 'selectedEmpty' error. On a phone
 * (below `sm`) and in a column narrower than CARDS_BELOW_PX each file is a card (FileCards) instead of a row.
 */
export function FileTable({
  files,
  loading = false,
  canDelete = false,
  onDownload,
  onDelete,
  onDownloadSelection,
  onView,
}: FileTableProps) {
  const { t } = useTranslation('files');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  // a side column (the enquiry's documents beside its form) is as narrow as a phone: cards there too
  const [measure, width] = useContainerWidth<HTMLDivElement>();
  const cards = phone || (width > 0 && width < CARDS_BELOW_PX);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirm, setConfirm] = useState<AttachedFile[] | null>(null);
  const chosen = files.filter((f) => selected.includes(f.id));
  const allSelected = files.length > 0 && chosen.length === files.length;

  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const download = async (list: AttachedFile[], selection = false) => {
    if (!list.length) return notify.error(t('selectedEmpty'));
    if (selection && onDownloadSelection) {
      try {
        await onDownloadSelection(list);
      } catch {
        notify.error(t('errors.downloadFailed'));
      }
      return;
    }
    for (const file of list) {
      try {
        await onDownload(file);
      } catch {
        notify.error(t('errors.downloadFailed'));
      }
    }
  };

  const askDelete = (list: AttachedFile[]) => {
    if (!list.length) return notify.error(t('selectedEmpty'));
    setConfirm(list);
  };

  const doDelete = async () => {
    const list = confirm ?? [];
    setConfirm(null);
    try {
      await onDelete?.(list);
      notify.success(t('table.deleted', { count: list.length }));
    } catch {
      notify.error(t('errors.deleteFailed'));
    }
    setSelected((s) => s.filter((id) => !list.some((f) => f.id === id)));
  };

  return (
    <Box ref={measure}>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(chosen, true)}>
          {t('table.downloadSelected')}
        </Button>
        {canDelete && (
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => askDelete(chosen)}>
            {t('table.deleteSelected')}
          </Button>
        )}
      </Stack>
      {loading && <LinearProgress aria-label={t('common:common.loading')} />}
      {cards ? (
        <>
          <FileCards
            files={files}
            selected={selected}
            onToggle={toggle}
            canDelete={canDelete}
            onDownload={(file) => void download([file])}
            onDelete={(file) => askDelete([file])}
            onView={onView}
          />
          {!files.length && !loading && (
            <Typography variant="body2" color="text.secondary">
              {t('table.empty')}
            </Typography>
          )}
        </>
      ) : (
        <FileRows
          files={files}
          loading={loading}
          selected={selected}
          onToggle={toggle}
          onToggleAll={() => setSelected(allSelected ? [] : files.map((f) => f.id))}
          canDelete={canDelete}
          onDownload={(file) => void download([file])}
          onDelete={(file) => askDelete([file])}
          onView={onView}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('table.deleteTitle')}
        text={t('table.deleteText', { count: confirm?.length ?? 0, name: confirm?.[0]?.filename ?? '' })}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirm(null)}
      />
    </Box>
  );
}
