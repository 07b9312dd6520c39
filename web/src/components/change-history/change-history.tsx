import { Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry, HistoryValue } from '@model/change-history';
import { PAGE_SIZES } from '@model/constants';
import type { Page, PageSize } from '@model/paging';
import { FormSection, type Placement } from '@/components/form-page';
import { ListPagination } from '@/components/list-page';
import type { ApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';

/** The page request a record's history endpoint takes (one endpoint file per record kind). */
export interface HistoryRequest {
  page: number;
  paginationSize: PageSize;
}

export interface ChangeHistoryProps {
  /** the record's GET …/history query (its feature's endpoint file) */
  query: (request: HistoryRequest) => UseQueryOptions<Page<HistoryEntry>, ApiError, Page<HistoryEntry>, unknown[]>;
  /** a field's label: the same i18n keys the record's form uses */
  fieldLabel: (field: string) => string;
  /** a value as the record's page shows it (prices as EUR, ids as names); undefined: the default */
  formatValue?: (field: string, value: HistoryValue) => string | undefined;
  /** a card of its own below the page's form (default), in a record layout's column, or bare (inside a dialog) */
  placement?: Placement | 'bare';
}

/**
 * On a phone the three columns left the change a few letters wide: there each entry stacks (date and user on one
 * line, the changes below at full width) and the header row, which names nothing then, is hidden.
 */
const STACKED_ON_PHONES = {
  '& thead': { display: { xs: 'none', sm: 'table-header-group' } },
  '& tbody tr': { display: { xs: 'block', sm: 'table-row' }, py: { xs: 1, sm: 0 } },
  '& tbody td': {
    display: { xs: 'inline-block', sm: 'table-cell' },
    border: { xs: 0, sm: undefined },
    py: { xs: 0.25, sm: undefined },
  },
  '& tbody td:last-of-type': { display: { xs: 'block', sm: 'table-cell' } },
  '& tbody tr + tr': { borderTop: { xs: 1, sm: 0 }, borderColor: 'divider' },
} as const;

/** ten entries a page at first (the list's page sizes, 5–30) */
const DEFAULT_SIZE: PageSize = 10;

/**
 * "Änderungsverlauf": who changed what on a record (docs/web.md "Change history"), newest first, server-side pages.
 * The same table on the article page, the field-value dialog, the import configuration page and the admin BOM result.
 */
export function ChangeHistory({ placement = 'page', ...props }: ChangeHistoryProps) {
  const { t } = useTranslation();
  if (placement !== 'bare')
    return (
      <FormSection title={t('changeHistory.title')} id="change-history-title" placement={placement}>
        <HistoryTable {...props} />
      </FormSection>
    );
  return (
    <Box component="section" aria-labelledby="change-history-title">
      <Typography id="change-history-title" variant="h3" sx={{ mb: 1 }}>
        {t('changeHistory.title')}
      </Typography>
      <HistoryTable {...props} />
    </Box>
  );
}

function HistoryTable({ query, fieldLabel, formatValue }: Omit<ChangeHistoryProps, 'placement'>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<PageSize>(DEFAULT_SIZE);
  const { data, isPending, isError } = useQuery({
    ...query({ page, paginationSize: size }),
    placeholderData: keepPreviousData,
  });
  const show = (field: string, value: HistoryValue) => {
    if (value === null || value === '') return '–';
    const own = formatValue?.(field, value);
    if (own !== undefined) return own;
    if (typeof value === 'number') return formatNumber(value);
    if (typeof value === 'boolean') return t(value ? 'changeHistory.yes' : 'changeHistory.no');
    return value;
  };
  const describe = (entry: HistoryEntry): string[] => {
    const changes = entry.changes.map((c) =>
      t('changeHistory.change', { field: fieldLabel(c.field), from: show(c.field, c.from), to: show(c.field, c.to) }),
    );
    const head: string[] = [];
    if (entry.kind === 'import')
      head.push(
        entry.counts
          ? t('changeHistory.importRun', {
              file: entry.fileName,
              created: formatNumber(entry.counts.created),
              updated: formatNumber(entry.counts.updated),
              failed: formatNumber(entry.counts.failed),
            })
          : t('changeHistory.importedFrom', { file: entry.fileName }),
      );
    else if (entry.kind === 'create' && entry.fileName)
      head.push(t('changeHistory.createdByImport', { file: entry.fileName }));
    else if (entry.kind === 'rework' && entry.line !== undefined)
      head.push(t('changeHistory.line', { line: entry.line }));
    else head.push(t(`changeHistory.kinds.${entry.kind}`));
    return [...head, ...changes];
  };
  return (
    <Box data-testid="change-history">
      {isPending ? (
        <CircularProgress size={24} aria-label={t('changeHistory.loading')} />
      ) : isError ? (
        <Typography color="error">{t('changeHistory.failed')}</Typography>
      ) : !data.totalElements ? (
        <Typography color="text.secondary">{t('changeHistory.empty')}</Typography>
      ) : (
        <>
          <Table size="small" sx={STACKED_ON_PHONES}>
            <TableHead>
              <TableRow>
                <TableCell>{t('changeHistory.at')}</TableCell>
                <TableCell>{t('changeHistory.by')}</TableCell>
                <TableCell>{t('changeHistory.what')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.content.map((entry) => (
                <TableRow key={entry.id} data-testid="change-history-row" sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
                  <TableCell>{entry.byName}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {describe(entry).map((text, i) => (
                      <div key={i}>{text}</div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.totalElements > PAGE_SIZES[0] && (
            <ListPagination
              page={page}
              pages={Math.ceil(data.totalElements / size)}
              pageSize={size}
              total={data.totalElements}
              onPage={setPage}
              onPageSize={(next) => {
                setSize(next);
                setPage(0);
              }}
            />
          )}
        </>
      )}
    </Box>
  );
}
