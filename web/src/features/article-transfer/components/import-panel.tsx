import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import {
  ARTICLE_IMPORT_EXTENSIONS,
  ARTICLE_IMPORT_MAX_UPLOAD_BYTES,
  IMPORT_REPORT_NAME,
} from '@model/article-transfer';
import { sourceFormatOf, type SourceFormat } from '@model/import-config';
import { FILE_MAX_BYTES } from '@model/files';
import { downloadFile } from '@/components/file-table';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  importRuns,
  useAbortImport,
  useImportConfigs,
  useImportProgress,
  useStartImport,
  useStartLargeImport,
} from '../api/article-import';
import { ResumableUploadError } from '../api/resumable-upload';

const ACCEPT = ARTICLE_IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',');
/** What the file picker offers per format (DATANORM's .001 … .999 cannot be listed: any file, the server checks). */
const ACCEPT_BY_FORMAT: Record<SourceFormat, string | undefined> = {
  SPREADSHEET: ACCEPT,
  DATANORM: undefined,
  BMECAT: '.xml',
};
const FILE_LABEL: Record<SourceFormat, string> = {
  SPREADSHEET: 'import.file',
  DATANORM: 'import.fileDatanorm',
  BMECAT: 'import.fileBmecat',
};
const MB = 1024 * 1024;
const mb = (bytes: number) => formatNumber(Math.round((bytes / MB) * 10) / 10);

/** A large file on its way to Storage (the session path). */
interface Upload {
  fileName: string;
  sent: number;
  total: number;
  /** the connection dropped and the upload is being resumed */
  retrying: boolean;
}

/** The 417 text of an exchange format names its files (the spec's text names the spreadsheet extensions). */
const WRONG_FORMAT_TEXT: Record<SourceFormat, string | undefined> = {
  SPREADSHEET: undefined,
  DATANORM: 'import.wrongFormatDatanorm',
  BMECAT: 'import.wrongFormatBmecat',
};

/** Spec 02 §8: these answers have their own text; every other failure shows the default import error. */
const OWN_TEXT = new Set([
  'articleImportRunning',
  'articleImportWrongFormat',
  'articleImportUnreadable',
  'payloadTooLarge',
]);

/**
 * The import panel of /article (spec 02 §2): choose a configuration and a file (.txt, .csv, .xlsx, .xls) and start;
 * while the import runs its percent, elapsed minutes and start time (polled), and the end-import button; afterwards
 * how it ended, its counts and the per-row report. A file up to 10 MB goes up with the start request (multipart);
 * a larger one (up to 40 MB) first goes to Storage through a resumable-upload session, with its upload progress and
 * a cancel button, then the import starts (docs/decisions-imports.md "Large files").
 */
export function ImportPanel() {
  const { t } = useTranslation('article-transfer');
  const configSelect = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [configId, setConfigId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const progress = useImportProgress();
  const configs = useImportConfigs();
  const start = useStartImport();
  const startLarge = useStartLargeImport();
  const abort = useAbortImport();
  const [upload, setUpload] = useState<Upload | null>(null);
  const cancelUpload = useRef<AbortController | null>(null);
  // leaving the page cancels a running upload (and its session) rather than starting an import nobody watches
  useEffect(() => () => cancelUpload.current?.abort(), []);
  const p = progress.data;
  const format = sourceFormatOf(configs.data?.find((c) => c.id === configId) ?? {});
  const runs = importRuns(p);

  const submit = async () => {
    if (!file || !configId) return;
    if (file.size > ARTICLE_IMPORT_MAX_UPLOAD_BYTES) {
      showError(undefined, t('import.tooLarge'));
      return;
    }
    try {
      if (file.size > FILE_MAX_BYTES) {
        const controller = new AbortController();
        cancelUpload.current = controller;
        setUpload({ fileName: file.name, sent: 0, total: file.size, retrying: false });
        await startLarge.mutateAsync({
          file,
          importConfigId: configId,
          signal: controller.signal,
          onProgress: (sent, total) => setUpload((u) => u && { ...u, sent, total, retrying: false }),
          onRetry: () => setUpload((u) => u && { ...u, retrying: true }),
        });
      } else {
        await start.mutateAsync({ file, importConfigId: configId });
      }
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      const wrongFormat = WRONG_FORMAT_TEXT[format];
      if (error instanceof ResumableUploadError)
        if (error.reason === 'aborted') notify.info(t('import.uploadCancelled'));
        else showError(undefined, t('import.uploadFailed'));
      else if (error instanceof ApiError && error.code === 'articleImportWrongFormat' && wrongFormat)
        showError(undefined, t(wrongFormat));
      else showError(error instanceof ApiError && OWN_TEXT.has(error.code) ? error : undefined, t('import.failed'));
    } finally {
      cancelUpload.current = null;
      setUpload(null);
    }
  };

  if (upload) {
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
          <Button variant="outlined" color="warning" onClick={() => cancelUpload.current?.abort()}>
            {t('import.cancelUpload')}
          </Button>
        </Box>
      </Stack>
    );
  }

  if (runs && p)
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

  return (
    <Stack spacing={2}>
      {p?.state && (
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
      )}
      <TextField
        select
        id={configSelect}
        label={t('import.config')}
        value={configId}
        onChange={(e) => setConfigId(e.target.value)}
        sx={{ maxWidth: 480 }}
        helperText={configs.isSuccess && configs.data.length === 0 ? t('import.noConfigs') : undefined}
      >
        {(configs.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.title}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {t('import.chooseFile')}
          <input
            ref={fileInput}
            hidden
            type="file"
            accept={ACCEPT_BY_FORMAT[format]}
            aria-label={t(FILE_LABEL[format])}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography data-testid="import-file-name">{file?.name ?? t('import.noFile')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('import.limit')}
        </Typography>
      </Stack>
      <Box>
        <Button
          variant="contained"
          disabled={!file || !configId || start.isPending || startLarge.isPending}
          onClick={() => void submit()}
        >
          {t('import.start')}
        </Button>
      </Box>
    </Stack>
  );
}
