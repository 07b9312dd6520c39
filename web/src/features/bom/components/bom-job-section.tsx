import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { useTranslation } from 'react-i18next';
import type { BomJobSummary } from '@model/bom-job';
import type { WebPrincipal } from '@/lib/current-user/principal';
import { notify } from '@/lib/notify';
import { downloadGeneratedBom, type BomOwnerRef } from '../api/bom-jobs';
import { BomArticleTable } from './bom-article-table';
import { BomMappingDrawer } from './bom-mapping-drawer';
import { BomTaskProgress } from './bom-task-progress';
import { useRememberedTask } from './use-remembered-task';
import { formatNumber } from '@/lib/format';

export interface BomJobSectionProps {
  /** the enquiry's job, or (with `offerId`) the offer's */
  owner: BomOwnerRef;
  /** is there a file to map */
  hasFile: boolean;
  /** the counts of the current mapping, undefined while not mapped */
  summary: Pick<BomJobSummary, 'successRate' | 'lineCount' | 'errorCount'> | undefined;
  caller: WebPrincipal;
  canChange: boolean;
  /** the Map side panel is open (the record's panel has the Map button) */
  mapping: boolean;
  onCloseMapping: () => void;
}

/**
 * The mapped part of a BOM panel, the same for an enquiry and an offer (`owner`): "not mapped yet" or the success
 * rate and counts, the article table (a dialog: the side column is narrow), the generated file in the caller's
 * format (suppliers also get the supplied parts' file), the Map side panel while the record may change, and the real
 * percent of a background mapping of a large BOM while it runs.
 */
export function BomJobSection({
  owner,
  hasFile,
  summary,
  caller,
  canChange,
  mapping,
  onCloseMapping,
}: BomJobSectionProps) {
  const { t } = useTranslation('bom');
  const [articles, setArticles] = useState(false);
  // a background mapping of a large BOM: its progress stays on the panel after the side panel closed (and a reload)
  const task = useRememberedTask(`${owner.enquiryId}:${owner.offerId ?? ''}`);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  const generated = async (part: 'main' | 'suppliedParts') => {
    try {
      await downloadGeneratedBom(owner, part);
    } catch {
      notify.error(t('files:errors.downloadFailed'));
    }
  };

  return (
    <>
      {hasFile && !summary && (
        <Typography variant="body2" color="text.secondary">
          {t('table.notMapped')}
        </Typography>
      )}
      {summary && (
        <Stack spacing={1}>
          <Typography data-testid="bom-summary">
            {t('table.successRate', { rate: formatNumber(summary.successRate) })} ·{' '}
            {t('table.counts', { count: summary.lineCount, errors: summary.errorCount })}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button size="small" startIcon={<TableRowsIcon />} onClick={() => setArticles(true)}>
              {t('table.title')}
            </Button>
            <Button size="small" startIcon={<DownloadIcon />} onClick={() => void generated('main')}>
              {t('table.downloadGenerated')}
            </Button>
            {caller.companyType === 'SUPPLIER' && (
              <Button size="small" startIcon={<DownloadIcon />} onClick={() => void generated('suppliedParts')}>
                {t('table.downloadSupplied')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      {task.taskId && <BomTaskProgress key={task.taskId} owner={owner} taskId={task.taskId} onEnd={task.forget} />}
      {canChange && hasFile && (
        <BomMappingDrawer owner={owner} open={mapping} onClose={onCloseMapping} onTaskStarted={task.remember} />
      )}
      {summary && articles && (
        <Dialog
          open
          onClose={() => setArticles(false)}
          fullScreen={phone}
          fullWidth
          maxWidth="xl"
          aria-labelledby="bom-articles-title"
        >
          <DialogTitle id="bom-articles-title">{t('table.title')}</DialogTitle>
          <DialogContent>
            <BomArticleTable owner={owner} canChange={canChange} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setArticles(false)}>{t('match.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
