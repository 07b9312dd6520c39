import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@model/constants';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { saveBlob } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { FilterDialog, type FilterOption } from './filter-dialog';
import {
  cellText,
  matchesSearch,
  nextPageSize,
  pageButtons,
  pageCount,
  sortRows,
  toCsv,
  type ListColumn,
  type SortDirection,
} from './list-utils';

/** A bulk action on the selected rows (e.g. delete), confirmed with yes/no. */
export interface BulkAction<T> {
  labelKey: string;
  icon?: ReactNode;
  confirmTitleKey: string;
  confirmTextKey: string;
  /** one call per selected row; resolving to false (or rejecting) counts as failure */
  run: (row: T) => Promise<unknown>;
  successKey: string;
  errorKey: string;
}

/** Checkbox filter over one derived value of a row (e.g. company of a user, type of a company). */
export interface ListFilter<T> {
  titleKey: string;
  options: FilterOption[];
  valueOf: (row: T) => string;
}

export interface ListPageProps<T> {
  title: string;
  rows: T[];
  columns: ListColumn<T>[];
  getRowId: (row: T) => string;
  loading?: boolean;
  /** shows the add button */
  onAdd?: () => void;
  addLabelKey?: string;
  /** enables row selection and the context bar */
  bulkAction?: BulkAction<T>;
  /** called after a bulk action (reload the list) */
  onReload?: () => void;
  /** enables the export button; file name without extension */
  exportFileName?: string;
  filter?: ListFilter<T>;
  defaultSort?: { columnId: string; direction: SortDirection };
  /** content between header and table (e.g. the last-login box) */
  children?: ReactNode;
  emptyKey?: string;
}

/**
 * The reusable list page (spec 2, 9): title, search (case-insensitive contains over all text cells),
 * sortable columns, page sizes 5..30 (default 15, cycling wraps), at most 6 page buttons with ellipses,
 * selection with a context bar and a confirmed bulk action, CSV export without action columns,
 * optional filter dialog, loading and empty states, add button.
 */
export function ListPage<T>({
  title,
  rows,
  columns,
  getRowId,
  loading = false,
  onAdd,
  addLabelKey = 'list.add',
  bulkAction,
  onReload,
  exportFileName,
  filter,
  defaultSort,
  children,
  emptyKey = 'list.empty',
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ columnId: string; direction: SortDirection } | undefined>(defaultSort);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterValues, setFilterValues] = useState<string[] | null>(null);

  const visible = useMemo(() => {
    const filtered = rows.filter(
      (r) => (!filter || filterValues === null || filterValues.includes(filter.valueOf(r))) && matchesSearch(r, columns, search),
    );
    return sortRows(filtered, columns.find((c) => c.id === sort?.columnId), sort?.direction ?? 'asc');
  }, [rows, columns, search, sort, filter, filterValues]);

  const pages = pageCount(visible.length, pageSize);
  useEffect(() => {
    if (page > pages - 1) setPage(pages - 1);
  }, [page, pages]);
  useEffect(() => {
    const ids = new Set(rows.map(getRowId));
    setSelected((s) => s.filter((id) => ids.has(id)));
  }, [rows, getRowId]);

  const pageRows = visible.slice(page * pageSize, page * pageSize + pageSize);
  const visibleIds = visible.map(getRowId);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.includes(id));

  const toggleSort = (columnId: string) =>
    setSort((s) => ({ columnId, direction: s?.columnId === columnId && s.direction === 'asc' ? 'desc' : 'asc' }));
  const toggleRow = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const toggleAll = () => setSelected(allSelected ? [] : visibleIds);

  const runBulk = async () => {
    if (!bulkAction) return;
    setConfirmOpen(false);
    setRunning(true);
    const targets = rows.filter((r) => selected.includes(getRowId(r)));
    const results = await Promise.allSettled(targets.map((r) => bulkAction.run(r)));
    const allOk = results.every((r) => r.status === 'fulfilled' && r.value !== false);
    if (allOk) notify.success(t(bulkAction.successKey));
    else notify.error(t(bulkAction.errorKey));
    setSelected([]);
    setRunning(false);
    onReload?.();
  };

  const exportCsv = () => {
    const csv = toCsv(visible, columns, (c) => t(c.labelKey));
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${exportFileName ?? 'export'}.csv`);
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <TextField
          label={t('list.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ maxWidth: { sm: 280 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {filter && (
          <Tooltip title={t(filter.titleKey)}>
            <IconButton aria-label={t(filter.titleKey)} onClick={() => setFilterOpen(true)} color={filterValues ? 'primary' : 'default'}>
              <FilterListIcon />
            </IconButton>
          </Tooltip>
        )}
        {exportFileName && (
          <Button startIcon={<DownloadIcon />} onClick={exportCsv} variant="outlined">
            {t('list.export')}
          </Button>
        )}
        {onAdd && (
          <Button startIcon={<AddIcon />} onClick={onAdd} variant="contained">
            {t(addLabelKey)}
          </Button>
        )}
      </Stack>
      {children}
      <Paper>
        {bulkAction && selected.length > 0 && (
          <Toolbar sx={{ bgcolor: 'action.selected', gap: 2 }} data-testid="context-bar">
            <Typography sx={{ flexGrow: 1 }}>{t('list.selected', { count: selected.length })}</Typography>
            <Button startIcon={bulkAction.icon} color="error" disabled={running} onClick={() => setConfirmOpen(true)}>
              {t(bulkAction.labelKey)}
            </Button>
          </Toolbar>
        )}
        {(loading || running) && <LinearProgress aria-label={t('common.loading')} />}
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {bulkAction && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={selected.length > 0 && !allSelected}
                      onChange={toggleAll}
                      slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                    />
                  </TableCell>
                )}
                {columns.map((c) => (
                  <TableCell key={c.id} align={c.align} sortDirection={sort?.columnId === c.id ? sort.direction : false}>
                    {c.action || c.sortable === false ? (
                      t(c.labelKey)
                    ) : (
                      <TableSortLabel
                        active={sort?.columnId === c.id}
                        direction={sort?.columnId === c.id ? sort.direction : 'asc'}
                        onClick={() => toggleSort(c.id)}
                      >
                        {t(c.labelKey)}
                      </TableSortLabel>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((row) => {
                const id = getRowId(row);
                return (
                  <TableRow key={id} hover selected={selected.includes(id)} data-testid="list-row">
                    {bulkAction && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.includes(id)}
                          onChange={() => toggleRow(id)}
                          slotProps={{ input: { 'aria-label': t('list.selectRow') } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((c) => (
                      <TableCell key={c.id} align={c.align}>
                        {c.render ? c.render(row) : cellText(c, row)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
              {!loading && visible.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + (bulkAction ? 1 : 0)} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {t(emptyKey)}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Stack direction="row" spacing={0.5} sx={{ p: 1, alignItems: 'center', flexWrap: 'wrap' }} component="nav" aria-label={t('list.pagination')}>
          <Button size="small" onClick={() => { setPageSize(nextPageSize(pageSize)); setPage(0); }} aria-label={t('list.pageSize')}>
            {t('list.perPage', { count: pageSize })}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
            {t('list.total', { count: visible.length })}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {pageButtons(page, pages).map((b) =>
            typeof b === 'number' ? (
              <Button
                key={b}
                size="small"
                variant={b === page ? 'contained' : 'text'}
                onClick={() => setPage(b)}
                aria-label={t('list.page', { page: b + 1 })}
                aria-current={b === page ? 'page' : undefined}
                sx={{ minWidth: 36 }}
              >
                {b + 1}
              </Button>
            ) : (
              <Typography key={b} sx={{ px: 0.5 }} data-testid="ellipsis">
                …
              </Typography>
            ),
          )}
        </Stack>
      </Paper>
      {bulkAction && (
        <ConfirmDialog
          open={confirmOpen}
          title={t(bulkAction.confirmTitleKey)}
          text={t(bulkAction.confirmTextKey, { count: selected.length })}
          onConfirm={() => void runBulk()}
          onCancel={() => setConfirmOpen(false)}
        />
      )}
      {filter && (
        <FilterDialog
          open={filterOpen}
          title={t(filter.titleKey)}
          options={filter.options}
          selected={filterValues}
          onApply={(v) => {
            setFilterValues(v);
            setFilterOpen(false);
            setPage(0);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
    </Stack>
  );
}
