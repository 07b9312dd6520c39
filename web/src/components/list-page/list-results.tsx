import type { ReactNode } from 'react';
import { Button, LinearProgress, Paper, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '@model/paging';
import { ListCards } from './list-cards';
import { ListPagination } from './list-pagination';
import { ListTable } from './list-table';
import type { ListViewProps } from './list-view-types';

interface ListResultsProps<T> {
  view: ListViewProps<T>;
  busy: boolean;
  emptyKey: string;
  /** phone cards: the column naming the row and the one showing its state */
  cardTitle?: string;
  cardState?: string;
  /** the bulk action's button in the context bar (shown while rows are selected) */
  bulk?: { icon?: ReactNode; labelKey: string; disabled: boolean; onClick: () => void };
  paging: {
    page: number;
    pages: number;
    pageSize: PageSize;
    total: number;
    onPage: (page: number) => void;
    onPageSize: (size: PageSize) => void;
  };
}

/**
 * The list's rows: the context bar of a selection, the progress line, the table (on a phone: a card per row), the
 * empty text and the pagination.
 */
export function ListResults<T>({ view, busy, emptyKey, cardTitle, cardState, bulk, paging }: ListResultsProps<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { columns, selected } = view;
  return (
    <Paper>
      {bulk && selected.size > 0 && (
        <Toolbar sx={{ bgcolor: 'action.selected', gap: 2 }} data-testid="context-bar">
          <Typography sx={{ flexGrow: 1 }}>{t('list.selected', { count: selected.size })}</Typography>
          <Button startIcon={bulk.icon} color="error" disabled={bulk.disabled} onClick={bulk.onClick}>
            {t(bulk.labelKey)}
          </Button>
        </Toolbar>
      )}
      {busy && <LinearProgress aria-label={t('common.loading')} />}
      {phone ? (
        <ListCards
          {...view}
          titleColumn={columns.find((c) => c.id === cardTitle) ?? columns.find((c) => !c.action)}
          stateColumn={columns.find((c) => c.id === cardState)}
        />
      ) : (
        <ListTable {...view} />
      )}
      {/* below the table, not in a spanning cell: a wide table scrolls sideways on a phone, this text must not */}
      {!busy && view.rows.length === 0 && (
        <Typography sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="list-empty">
          {t(emptyKey)}
        </Typography>
      )}
      <ListPagination {...paging} />
    </Paper>
  );
}
