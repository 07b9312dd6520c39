import { useId, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { ARTICLE_IMPORT_EXTENSIONS, IMPORT_REPORT_NAME } from '@model/article-transfer';
import { sourceFormatOf, type SourceFormat } from '@model/import-config';
import { FILE_MAX_BYTES } from '@model/files';
import { downloadFile } from '@/components/file-table';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { importRuns, useAbortImport, useImportConfigs, useImportProgress, useStartImport } from '../api/article-import';

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
 * how it ended, its counts and the per-row report.
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
  const abort = useAbortImport();
  const p = progress.data;
  const format = sourceFormatOf(configs.data?.find((c) => c.id === configId) ?? {});
  const runs = importRuns(p);

  const submit = async () => {
    if (!file || !configId) return;
    if (file.size > FILE_MAX_BYTES) {
      showError(undefined, t('import.tooLarge'));
      return;
    }
    try {
      await start.mutateAsync({ file, importConfigId: configId });
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      const wrongFormat = WRONG_FORMAT_TEXT[format];
      if (error instanceof ApiError && error.code === 'articleImportWrongFormat' && wrongFormat)
        showError(undefined, t(wrongFormat));
      else showError(error instanceof ApiError && OWN_TEXT.has(error.code) ? error : undefined, t('import.failed'));
    }
  };

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
        <Button variant="contained" disabled={!file || !configId || start.isPending} onClick={() => void submit()}>
          {t('import.start')}
        </Button>
      </Box>
    </Stack>
  );
}
