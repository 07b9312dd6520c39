import { useState } from 'react';
import {
  Alert,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AdminBomColumn, AdminBomResult } from '@model/bom-import';
import { DEFAULT_PAGE_SIZE } from '@model/constants';
import type { PageRequest, PageSize } from '@model/paging';
import { ListPagination } from '@/components/list-page/list-pagination';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAdminBomHistory, useDeleteAdminBoms } from '../api/admin-bom';

export interface BomImportHistoryProps {
  open: boolean;
  shownId?: string;
  onShow: (id: string) => void;
  /** the delete action: the side panel shows the confirmation (view 3) */
  onDelete: (result: AdminBomResult) => void;
}

const COLUMNS: AdminBomColumn[] = ['createDate', 'bomFileName', 'successRate'];

/**
 * The history side panel (spec 02 §4 view 2, §7 Admin BOM results): earlier imports in server pages, sortable,
 * display, and delete, which the panel confirms in its view 3 (`BomImportDeleteConfirm`). Administrators only (the
 * server refuses everybody else).
 */
export function BomImportHistory({ open, shownId, onShow, onDelete }: BomImportHistoryProps) {
  const { t } = useTranslation('bom');
  const [request, setRequest] = useState<PageRequest<AdminBomColumn>>({
    page: 0,
    paginationSize: DEFAULT_PAGE_SIZE,
    sortDescending: true,
  });
  const history = useAdminBomHistory(request, open);
  const page = history.data;
  const column = request.column ?? 'createDate';
  const sortBy = (c: AdminBomColumn) =>
    setRequest((r) => ({ ...r, page: 0, column: c, sortDescending: column === c ? !r.sortDescending : false }));

  return (
    <Stack spacing={2} role="region" aria-label={t('import.history.title')} data-testid="bom-import-history">
      <Typography variant="h2">{t('import.history.title')}</Typography>
      {history.isFetching && <LinearProgress aria-label={t('import.history.title')} />}
      {history.isError && <Alert severity="error">{errorMessage(history.error, t('import.history.loadFailed'))}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={t('import.history.title')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c}>
                  <TableSortLabel
                    active={column === c}
                    direction={column === c && request.sortDescending ? 'desc' : 'asc'}
                    onClick={() => sortBy(c)}
                  >
                    {t(`import.history.${c}`)}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>{t('import.history.createdBy')}</TableCell>
              <TableCell>{t('import.history.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page?.content.map((r) => (
              <TableRow key={r.id} selected={r.id === shownId} data-testid={`bom-import-history-${r.id}`}>
                <TableCell>{formatDateTime(r.createDate)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{r.bomFileName}</TableCell>
                <TableCell>{t('import.history.rate', { rate: formatNumber(r.successRate) })}</TableCell>
                <TableCell>{r.createdByName}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => onShow(r.id)}>
                      {t('import.history.show')}
                    </Button>
                    <Button size="small" color="error" onClick={() => onDelete(r)}>
                      {t('import.history.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {page && page.totalElements === 0 && <Typography color="text.secondary">{t('import.history.empty')}</Typography>}
      {page && (
        <ListPagination
          page={request.page}
          pages={Math.max(1, Math.ceil(page.totalElements / request.paginationSize))}
          pageSize={request.paginationSize}
          total={page.totalElements}
          onPage={(p) => setRequest((r) => ({ ...r, page: p }))}
          onPageSize={(size: PageSize) => setRequest((r) => ({ ...r, page: 0, paginationSize: size }))}
        />
      )}
    </Stack>
  );
}

export interface BomImportDeleteConfirmProps {
  result: AdminBomResult;
  /** after the delete (the page drops the result if it shows it) */
  onDeleted: (ids: string[]) => void;
  /** No: back to the history */
  onCancel: () => void;
}

/** The side panel's delete confirmation (spec 02 §4 view 3): Yes deletes the import with its lines, No goes back. */
export function BomImportDeleteConfirm({ result, onDeleted, onCancel }: BomImportDeleteConfirmProps) {
  const { t } = useTranslation('bom');
  const remove = useDeleteAdminBoms();
  const confirm = async () => {
    try {
      await remove.mutateAsync([result.id]);
      notify.success(t('import.history.deleted'));
      onDeleted([result.id]);
    } catch (error) {
      notify.error(errorMessage(error, t('import.history.deleteFailed')));
    }
  };
  return (
    <Stack spacing={2} role="region" aria-labelledby="bom-import-delete-title" data-testid="bom-import-delete">
      <Typography variant="h2" id="bom-import-delete-title">
        {t('import.history.deleteTitle')}
      </Typography>
      <Typography>{t('import.history.deleteText', { name: result.bomFileName })}</Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={remove.isPending}>
          {t('common.no')}
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={remove.isPending} autoFocus>
          {t('common.yes')}
        </Button>
      </Stack>
    </Stack>
  );
}
