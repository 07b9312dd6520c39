import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IMPORT_REPORT_NAME, type ArticleImportProgress } from '@model/article-transfer';
import { downloadFile } from '@/components/file-table';
import { showError } from '@/lib/errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAbortImport } from '../api/article-import';

/** What the import panel shows while a file goes up, while an import runs, and how the last one ended. */

const MB = 1024 * 1024;
const mb = (bytes: number) => formatNumber(Math.round((bytes / MB) * 10) / 10);

/** A large file on its way to Storage (the session path). */
export interface Upload {
  fileName: string;
  sent: number;
  total: number;
  /** the connection dropped and the upload is being resumed */
  retrying: boolean;
}

export function UploadProgress({ upload, onCancel }: { upload: Upload; onCancel: () => void }) {
  const { t } = useTranslation('article-transfer');
  const percent = upload.total ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <Stack spacing={2} aria-live="polite">
      <Typography>{t('import.uploading', { fileName: upload.fileName })}</Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={t('import.uploadProgressLabel')} />
      <Typography data-testid="upload-progress">
        {t('import.uploaded', { percent, sent: mb(upload.sent), total: mb(upload.total) })}
      </Typography>
      {upload.retrying && <Alert severity="warning">{t('import.uploadRetrying')}</Alert>}
      <Box>
        <Button variant="outlined" color="warning" onClick={onCancel}>
          {t('import.cancelUpload')}
        </Button>
      </Box>
    </Stack>
  );
}

/** A running import: its percent, elapsed minutes and start time, and the end-import button. */
export function RunningImport({ progress: p }: { progress: ArticleImportProgress }) {
  const { t } = useTranslation('article-transfer');
  const abort = useAbortImport();
  return (
    <Stack spacing={2} aria-live="polite">
      <Typography>{t('import.running', { fileName: p.fileName ?? '' })}</Typography>
      <LinearProgress
        variant={p.percent === null ? 'indeterminate' : 'determinate'}
        value={p.percent ?? 0}
        aria-label={t('import.progressLabel')}
      />
      <Typography data-testid="import-progress">
        {p.percent === null ? t('import.reading') : t('import.percent', { percent: p.percent })}
        {' · '}
        {t('import.minutes', { count: p.minutesSinceStart })}
        {' · '}
        {t('import.started', { date: formatDateTime(p.startDate) })}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          color="warning"
          disabled={abort.isPending || p.state === 'queued'}
          onClick={() => abort.mutateAsync().catch((error: unknown) => showError(error))}
        >
          {t('import.abort')}
        </Button>
      </Box>
    </Stack>
  );
}

/** How the last import ended: its counts, its error, and its per-row report. */
export function ImportResult({ progress: p }: { progress: ArticleImportProgress }) {
  const { t } = useTranslation('article-transfer');
  if (!p.state) return null;
  return (
    <Alert
      severity={p.state === 'done' ? 'success' : p.state === 'aborted' ? 'warning' : 'error'}
      data-testid="import-result"
    >
      {t(`import.ended.${p.state}`, { fileName: p.fileName ?? '', percent: p.percent ?? 0 })}{' '}
      {t('import.counts', { created: p.created, updated: p.updated, failed: p.failedRows })}
      {p.errorCode && ` ${t(`import.taskErrors.${p.errorCode}`, { defaultValue: t('import.failed') })}`}
      {p.reportPath && (
        <Button
          size="small"
          sx={{ ml: 1 }}
          onClick={() =>
            downloadFile({ path: p.reportPath!, filename: IMPORT_REPORT_NAME }).catch((e: unknown) => showError(e))
          }
        >
          {t('import.report')}
        </Button>
      )}
    </Alert>
  );
}
