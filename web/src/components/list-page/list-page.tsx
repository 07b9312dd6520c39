import { useMemo, useState } from 'react';
import { keepPreviousData, skipToken, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import {
  Button,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@model/constants';
import type { Page, PageSize } from '@model/paging';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { FilterDialog } from './filter-dialog';
import { ListCards } from './list-cards';
import type { ListFilter, ListPageProps, ListRequest } from './list-page-types';
import { ListPagination } from './list-pagination';
import { ListTable } from './list-table';
import { matchesSearch, pageCount, sortRows, type ListColumn, type SortDirection } from './list-utils';
import type { ListViewProps } from './list-view-types';
import { useDebouncedValue } from './use-debounced-value';
import { useListExport } from './use-list-export';

/** How long the search box waits after the last key before server mode asks again. */
export const SEARCH_DEBOUNCE_MS = 300;

// Hooks are called unconditionally: client mode (and an empty filter selection) runs this query that never fetches.
function noServerQuery<T, Key extends QueryKey>(): UseQueryOptions<Page<T>, ApiError, Page<T>, Key> {
  return { queryKey: ['list-page', 'no-request'] as unknown as Key, queryFn: skipToken };
}

/**
 * The reusable list page (spec 2, 9): title, search, sortable columns, page sizes 5..30 (default 15, cycling
 * wraps), at most 6 page buttons with ellipses, selection with a context bar and a confirmed bulk action,
 * CSV export without action columns, optional filter dialog, loading and empty states, add button. On a phone
 * (below `sm`) each row is a card (ListCards: name, state, the other columns, the actions) instead of a table row.
 *
 * Client mode (`rows`) searches (case-insensitive contains over all text cells), filters, sorts and pages in
 * memory - for short lists. Server mode (`server`) sends the paging contract of `@model/paging` with the
 * debounced search and the filter values and shows `totalElements`; its CSV export is the area's server export
 * (`server.exportRows`: every row that matches), see useListExport.
 */
export function ListPage<T, Key extends QueryKey = QueryKey>({
  title,
  rows,
  server,
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
  cardTitle,
  cardState,
  children,
  emptyKey = 'list.empty',
  searchLabelKey = 'list.search',
  searchOnEnter = false,
}: ListPageProps<T, Key>) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), server ? SEARCH_DEBOUNCE_MS : 0);
  const [entered, setEntered] = useState('');
  const serverSearch = searchOnEnter ? entered : debounced;
  const [sort, setSort] = useState<{ columnId: string; direction: SortDirection } | undefined>(defaultSort);
  // the page asked for; `page` below is the one shown (the last one when the total shrank below it)
  const [requestedPage, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [selection, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterValues, setFilterValues] = useState<string[] | null>(null);

  const sortable = (c: ListColumn<T>) =>
    !c.action && c.sortable !== false && (!server || server.sortColumns.includes(c.id));
  const sortColumn = columns.find((c) => c.id === sort?.columnId && sortable(c));

  // client mode: everything in memory
  const rowFilter = rows ? (filter as ListFilter<T> | undefined) : undefined;
  const visible = useMemo(() => {
    if (!rows) return [];
    const filtered = rows.filter(
      (r) =>
        (!rowFilter || filterValues === null || filterValues.includes(rowFilter.valueOf(r))) &&
        matchesSearch(r, columns, search),
    );
    return sortRows(filtered, sortColumn, sort?.direction ?? 'asc');
  }, [rows, columns, search, sortColumn, sort?.direction, rowFilter, filterValues]);

  // server mode: one request per page; an empty filter selection matches nothing and asks nobody. The total
  // of the last answer bounds the page (a delete may have removed the last page).
  const nothingMatches = filterValues !== null && filterValues.length === 0;
  const [serverTotal, setServerTotal] = useState<number | undefined>(undefined);
  const total = rows ? visible.length : nothingMatches ? 0 : (serverTotal ?? 0);
  const pages = pageCount(total, pageSize);
  const page = rows || serverTotal !== undefined ? Math.min(requestedPage, pages - 1) : requestedPage;
  const request: ListRequest = {
    page,
    paginationSize: pageSize,
    column: sortColumn?.id,
    sortDescending: sort?.direction === 'desc',
    search: serverSearch || undefined,
    filter: filterValues ?? undefined,
  };
  const query = useQuery(
    server && !nothingMatches
      ? { ...server.queryOptions(request), placeholderData: keepPreviousData }
      : noServerQuery<T, Key>(),
  );
  // remember the total of the latest answer (adjusting state while rendering, not in an effect)
  const answeredTotal = query.data?.totalElements;
  if (answeredTotal !== undefined && answeredTotal !== serverTotal) setServerTotal(answeredTotal);
  const pageRows = rows
    ? visible.slice(page * pageSize, page * pageSize + pageSize)
    : nothingMatches
      ? []
      : (query.data?.content ?? []);
  const busy = loading || running || (server !== undefined && query.isFetching);

  // client mode: the selection holds only rows that are still in the (reloaded) list, as they are now
  const selected = useMemo<ReadonlyMap<string, T>>(() => {
    if (!rows) return selection;
    const byId = new Map(rows.map((r) => [getRowId(r), r]));
    return new Map([...selection.keys()].flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
  }, [rows, getRowId, selection]);

  // "select all": every filtered row in client mode, the rows of this page in server mode
  const selectable = rows ? visible : pageRows;
  const selectableIds = selectable.map(getRowId);
  const allSelected = selectableIds.length > 0 && selectableIds.every((id) => selected.has(id));

  const toggleRow = (row: T) => {
    const next = new Map(selected);
    const id = getRowId(row);
    if (next.has(id)) next.delete(id);
    else next.set(id, row);
    setSelected(next);
  };
  const toggleAll = () => {
    const next = new Map(selected);
    for (const row of selectable) {
      if (allSelected) next.delete(getRowId(row));
      else next.set(getRowId(row), row);
    }
    setSelected(next);
  };

  const runBulk = async () => {
    if (!bulkAction) return;
    setConfirmOpen(false);
    setRunning(true);
    const targets = [...selected.values()];
    const results = bulkAction.runAll
      ? await bulkAction
          .runAll(targets)
          .catch(() => targets.map((): PromiseSettledResult<unknown> => ({ status: 'rejected', reason: undefined })))
      : await Promise.allSettled(targets.map((r) => bulkAction.run?.(r)));
    const failed = results.filter((r) => r.status !== 'fulfilled' || r.value === false).length;
    // the texts may name how many (spec 02 §8: "success with deleted count, or warning with failed count")
    if (!failed) notify.success(t(bulkAction.successKey, { count: results.length }));
    else notify[bulkAction.failureLevel ?? 'error'](t(bulkAction.errorKey, { count: failed }));
    setSelected(new Map());
    setRunning(false);
    onReload?.();
  };

  const csvExport = useListExport({
    columns,
    fileName: exportFileName,
    server: server as ListPageProps<T>['server'],
    // what the list shows, without the page; an empty filter matches nothing (exported as the empty page)
    query: nothingMatches
      ? undefined
      : {
          column: sortColumn?.id,
          sortDescending: sort?.direction === 'desc',
          search: (searchOnEnter ? entered : search.trim()) || undefined,
          filter: filterValues ?? undefined,
        },
    rowsAtHand: rows ? visible : pageRows,
  });

  const view: ListViewProps<T> = {
    rows: pageRows,
    columns,
    getRowId,
    selectable: !!bulkAction,
    selected,
    allSelected,
    onToggleRow: toggleRow,
    onToggleAll: toggleAll,
    sortable,
    sort: sortColumn && sort ? sort : undefined,
    onSort: setSort,
  };
  const firstText = columns.find((c) => !c.action);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <TextField
          label={t(searchLabelKey)}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            if (!searchOnEnter) setPage(0);
          }}
          onKeyDown={(e) => {
            if (!searchOnEnter || e.key !== 'Enter') return;
            setEntered(search.trim());
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
            <IconButton
              aria-label={t(filter.titleKey)}
              onClick={() => setFilterOpen(true)}
              color={filterValues ? 'primary' : 'default'}
            >
              <FilterListIcon />
            </IconButton>
          </Tooltip>
        )}
        {exportFileName && (
          <Button startIcon={<DownloadIcon />} onClick={csvExport.run} disabled={csvExport.running} variant="outlined">
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
        {bulkAction && selected.size > 0 && (
          <Toolbar sx={{ bgcolor: 'action.selected', gap: 2 }} data-testid="context-bar">
            <Typography sx={{ flexGrow: 1 }}>{t('list.selected', { count: selected.size })}</Typography>
            <Button startIcon={bulkAction.icon} color="error" disabled={running} onClick={() => setConfirmOpen(true)}>
              {t(bulkAction.labelKey)}
            </Button>
          </Toolbar>
        )}
        {busy && <LinearProgress aria-label={t('common.loading')} />}
        {phone ? (
          <ListCards
            {...view}
            titleColumn={columns.find((c) => c.id === cardTitle) ?? firstText}
            stateColumn={columns.find((c) => c.id === cardState)}
          />
        ) : (
          <ListTable {...view} />
        )}
        {/* below the table, not in a spanning cell: a wide table scrolls sideways on a phone, this text must not */}
        {!busy && pageRows.length === 0 && (
          <Typography sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="list-empty">
            {t(emptyKey)}
          </Typography>
        )}
        <ListPagination
          page={page}
          pages={pages}
          pageSize={pageSize}
          total={total}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </Paper>
      {bulkAction && (
        <ConfirmDialog
          open={confirmOpen}
          title={t(bulkAction.confirmTitleKey)}
          text={t(bulkAction.confirmTextKey, { count: selected.size })}
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
          max={filter.max}
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
