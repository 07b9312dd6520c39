import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterDialog } from './filter-dialog';
import type { ListFilter, ListPageProps } from './list-page-types';
import { ListResults } from './list-results';
import { ListToolbar } from './list-toolbar';
import type { ListViewProps } from './list-view-types';
import { useListControls } from './use-list-controls';
import { useListExport } from './use-list-export';
import { useListRows } from './use-list-rows';
import { useListSelection } from './use-list-selection';

/**
 * The reusable list page (spec 2, 9): title, search, sortable columns, page sizes 5..30 (default 15, cycling
 * wraps), at most 6 page buttons with ellipses, selection with a context bar and a confirmed bulk action,
 * CSV export without action columns, optional filter dialog, loading and empty states, add button. On a phone
 * (below `sm`) each row is a card (ListCards: name, state, the other columns, the actions) instead of a table row.
 *
 * Client mode (`rows`) searches (case-insensitive contains over all text cells), filters, sorts and pages in
 * memory - for short lists. Server mode (`server`) sends the paging contract of `@model/paging` with the
 * debounced search and the filter values and shows `totalElements` (useListRows); its CSV export is the area's
 * server export (`server.exportRows`: every row that matches), see useListExport.
 */
export function ListPage<T, Key extends QueryKey = QueryKey>(props: ListPageProps<T, Key>) {
  const { rows, server, columns, getRowId, bulkAction, filter, searchOnEnter = false } = props;
  const { t } = useTranslation();
  const controls = useListControls({ serverMode: !!server, searchOnEnter, defaultSort: props.defaultSort, filter });
  const { sort, filterValues, pageSize, setPage } = controls;
  const [filterOpen, setFilterOpen] = useState(false);

  const list = useListRows({
    rows,
    server,
    columns,
    rowFilter: rows ? (filter as ListFilter<T> | undefined) : undefined,
    filterValues,
    search: controls.search,
    serverSearch: controls.serverSearch,
    sort,
    requestedPage: controls.requestedPage,
    pageSize,
  });
  const { sortColumn, page, pageRows } = list;
  // "select all": every filtered row in client mode, the rows of this page in server mode
  const selection = useListSelection({
    rows,
    selectable: rows ? list.visible : pageRows,
    getRowId,
    bulkAction,
    onReload: props.onReload,
  });
  const busy = (props.loading ?? false) || selection.running || list.fetching;

  const csvExport = useListExport({
    columns,
    fileName: props.exportFileName,
    server: server as ListPageProps<T>['server'],
    // what the list shows, without the page; an empty filter matches nothing (exported as the empty page)
    query: list.nothingMatches ? undefined : controls.listQuery(sortColumn?.id),
    rowsAtHand: rows ? list.visible : pageRows,
  });

  const view: ListViewProps<T> = {
    rows: pageRows,
    columns,
    getRowId,
    selectable: !!bulkAction,
    canSelect: selection.canSelect,
    selected: selection.selected,
    allSelected: selection.allSelected,
    onToggleRow: selection.toggleRow,
    onToggleAll: selection.toggleAll,
    sortable: list.sortable,
    sort: sortColumn && sort ? sort : undefined,
    onSort: controls.setSort,
  };

  return (
    <Stack spacing={2}>
      <ListToolbar
        title={props.title}
        searchLabelKey={props.searchLabelKey ?? 'list.search'}
        search={controls.search}
        onSearch={controls.onSearch}
        onSearchEnter={controls.onSearchEnter}
        filterTitleKey={filter?.titleKey}
        filtered={filterValues !== null}
        onFilter={() => setFilterOpen(true)}
        onExport={props.exportFileName ? csvExport.run : undefined}
        exporting={csvExport.running}
        onAdd={props.onAdd}
        addLabelKey={props.addLabelKey ?? 'list.add'}
      />
      {props.children}
      <ListResults
        view={view}
        busy={busy}
        emptyKey={props.emptyKey ?? 'list.empty'}
        cardTitle={props.cardTitle}
        cardState={props.cardState}
        bulk={
          bulkAction && {
            icon: bulkAction.icon,
            labelKey: bulkAction.labelKey,
            disabled: selection.running,
            onClick: () => selection.setConfirmOpen(true),
          }
        }
        paging={{
          page,
          pages: list.pages,
          pageSize,
          total: list.total,
          onPage: setPage,
          onPageSize: controls.onPageSize,
        }}
      />
      {bulkAction && (
        <ConfirmDialog
          open={selection.confirmOpen}
          title={t(bulkAction.confirmTitleKey)}
          text={t(bulkAction.confirmTextKey, { count: selection.selected.size })}
          onConfirm={() => void selection.runBulk()}
          onCancel={() => selection.setConfirmOpen(false)}
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
            controls.onFilter(v);
            setFilterOpen(false);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
    </Stack>
  );
}
