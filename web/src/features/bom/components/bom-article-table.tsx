import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BomJobView, BomLineColumn, StoredBomLine } from '@model/bom-job';
import { DEFAULT_PAGE_SIZE } from '@model/constants';
import type { PageSize } from '@model/paging';
import { ListPagination } from '@/components/list-page/list-pagination';
import { errorMessage } from '@/lib/errors';
import { bomLinesQueryOptions, type BomLinesRequest, type BomOwnerRef } from '../api/bom-jobs';
import { BomMatchDialog, type SaveBomLine } from './bom-match-dialog';
import { LineStatus } from './line-status';
import { formatNumber } from '@/lib/format';

export interface BomArticleTableProps {
  /** the enquiry's job, or (with `offerId`) the offer's (omit with `linesQuery`) */
  owner?: BomOwnerRef;
  /** the customer of an unlocked enquiry: manual match and line edits */
  canChange: boolean;
  /** reads the pages elsewhere (the admin import's GET /admin/bom/lines) */
  linesQuery?: (request: BomLinesRequest) => ReturnType<typeof bomLinesQueryOptions>;
  /** saves a line's manual match and edits elsewhere (the admin import's POST /admin/bom/line) */
  saveLine?: SaveBomLine;
  /** more actions of a line beside the manual match (the admin import's "edit article") */
  lineActions?: (line: StoredBomLine) => ReactNode;
}

const COLUMNS: Array<{ id: BomLineColumn | 'unit' | 'description' | 'status'; sortable: boolean }> = [
  { id: 'rowNumber', sortable: true },
  { id: 'orderNumber', sortable: true },
  { id: 'manufacturerNumber', sortable: true },
  { id: 'manufacturer', sortable: true },
  { id: 'quantity', sortable: true },
  { id: 'unit', sortable: false },
  { id: 'description', sortable: false },
  { id: 'status', sortable: false },
];

const LABEL: Record<string, string> = { rowNumber: 'table.row' };

/** The file's value and, when the catalogue's differs, the catalogue original beside it (spec §2 /article/{id}). */
function WithOriginal({ file, catalogue }: { file?: string; catalogue?: string }) {
  const { t } = useTranslation('bom');
  return (
    <>
      {file ?? ''}
      {catalogue && catalogue !== file && (
        <Typography variant="caption" component="div" color="text.secondary">
          {t('table.catalogueValue', { value: catalogue })}
        </Typography>
      )}
    </>
  );
}

/** The table's summary line (success rate, counts, the estimate for whoever sees prices) and its two filters. */
function LinesToolbar({
  summary,
  request,
  setRequest,
}: {
  summary?: BomJobView;
  request: BomLinesRequest;
  setRequest: Dispatch<SetStateAction<BomLinesRequest>>;
}) {
  const { t } = useTranslation('bom');
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {summary && (
        <Typography data-testid="bom-success-rate">
          {t('table.successRate', { rate: formatNumber(summary.successRate) })}
        </Typography>
      )}
      {summary && (
        <Typography variant="body2" color="text.secondary">
          {t('table.counts', { count: summary.lineCount, errors: summary.errorCount })}
        </Typography>
      )}
      {summary?.estimate && (
        <Typography variant="body2">{t('table.estimate', { range: summary.estimate.formatted })}</Typography>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={request.errorsOnly}
            onChange={(e) => setRequest((r) => ({ ...r, page: 0, errorsOnly: e.target.checked }))}
          />
        }
        label={t('table.errorsOnly')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={request.replacedOnly}
            onChange={(e) => setRequest((r) => ({ ...r, page: 0, replacedOnly: e.target.checked }))}
          />
        }
        label={t('table.replaced')}
      />
    </Stack>
  );
}

/** One line: the file's numbers with the catalogue's beside them, its markers, and (`onMatch`) its actions. */
function BomLineRow({ line, onMatch, actions }: { line: StoredBomLine; onMatch?: () => void; actions?: ReactNode }) {
  const { t } = useTranslation('bom');
  return (
    <TableRow data-testid={`bom-line-${line.rowNumber}`}>
      <TableCell>{line.rowNumber}</TableCell>
      <TableCell>
        <WithOriginal file={line.orderNumber} catalogue={line.matchedArticle?.orderNumber} />
      </TableCell>
      <TableCell>
        <WithOriginal file={line.manufacturerNumber} catalogue={line.matchedArticle?.manufacturerNumber} />
      </TableCell>
      <TableCell>{line.matchedArticle?.manufacturerName ?? line.manufacturerName ?? ''}</TableCell>
      <TableCell>{formatNumber(line.quantity)}</TableCell>
      <TableCell>{line.quantityUnitName ?? line.matchedArticle?.unitName ?? ''}</TableCell>
      <TableCell>{line.matchedArticle?.description ?? line.description ?? ''}</TableCell>
      <TableCell>
        <LineStatus line={line} />
      </TableCell>
      {onMatch && (
        <TableCell>
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={onMatch}>
              {t('table.match')}
            </Button>
            {actions}
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * The article table of a mapped BOM (spec 02 §2, §3 BOM line, §4, §9): server pages of the lines (paging contract,
 * sortable columns, errors-only toggle), each line's markers, the file's numbers read-only with the catalogue
 * original beside them, and — for the customer of an unlocked enquiry — the manual match and line edits.
 */
export function BomArticleTable({
  owner = { enquiryId: '' },
  canChange,
  linesQuery,
  saveLine,
  lineActions,
}: BomArticleTableProps) {
  const { t } = useTranslation('bom');
  const [request, setRequest] = useState<BomLinesRequest>({
    page: 0,
    paginationSize: DEFAULT_PAGE_SIZE,
    sortDescending: false,
    errorsOnly: false,
    replacedOnly: false,
  });
  const [matching, setMatching] = useState<StoredBomLine | undefined>();
  const lines = useQuery(linesQuery ? linesQuery(request) : bomLinesQueryOptions(owner, request));
  const page = lines.data;
  const sortBy = (column: BomLineColumn) =>
    setRequest((r) => ({
      ...r,
      page: 0,
      column,
      sortDescending: (r.column ?? 'rowNumber') === column ? !r.sortDescending : false,
    }));

  return (
    <Stack spacing={1} data-testid="bom-article-table">
      <LinesToolbar summary={page?.summary} request={request} setRequest={setRequest} />
      {lines.isFetching && <LinearProgress aria-label={t('table.title')} />}
      {lines.isError && <Alert severity="error">{errorMessage(lines.error, t('table.loadFailed'))}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={t('table.title')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.id}>
                  {c.sortable ? (
                    <TableSortLabel
                      active={(request.column ?? 'rowNumber') === c.id}
                      direction={(request.column ?? 'rowNumber') === c.id && request.sortDescending ? 'desc' : 'asc'}
                      onClick={() => sortBy(c.id as BomLineColumn)}
                    >
                      {t(LABEL[c.id] ?? `table.${c.id}`)}
                    </TableSortLabel>
                  ) : (
                    t(`table.${c.id}`)
                  )}
                </TableCell>
              ))}
              {canChange && <TableCell>{t('table.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {page?.content.map((l) => (
              <BomLineRow
                key={l.id}
                line={l}
                onMatch={canChange ? () => setMatching(l) : undefined}
                actions={lineActions?.(l)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {page && page.totalElements === 0 && (
        <Box sx={{ p: 1 }}>
          <Typography color="text.secondary">{t('table.empty')}</Typography>
        </Box>
      )}
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
      {matching && (
        <BomMatchDialog owner={owner} line={matching} saveLine={saveLine} onClose={() => setMatching(undefined)} />
      )}
    </Stack>
  );
}
