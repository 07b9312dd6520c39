import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { ARTICLE_IMPORT_EXTENSIONS, ARTICLE_IMPORT_MAX_UPLOAD_BYTES } from '@model/article-transfer';
import { sourceFormatOf, type SourceFormat } from '@model/import-config';
import { FILE_MAX_BYTES } from '@model/files';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import {
  importRuns,
  useImportConfigs,
  useImportProgress,
  useStartImport,
  useStartLargeImport,
} from '../api/article-import';
import { ResumableUploadError } from '../api/resumable-upload';
import { ImportResult, RunningImport, UploadProgress, type Upload } from './import-status';

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
 * Starting an import with a file: up to 10 MB with the start request (multipart), a larger one (up to 40 MB) first
 * to Storage through a resumable-upload session (`upload` its progress, `cancel` ends it); failures as toasts.
 * `submit` answers true when the import started.
 */
function useImportSubmit(format: SourceFormat) {
  const { t } = useTranslation('article-transfer');
  const start = useStartImport();
  const startLarge = useStartLargeImport();
  const [upload, setUpload] = useState<Upload | null>(null);
  const cancelUpload = useRef<AbortController | null>(null);
  // leaving the page cancels a running upload (and its session) rather than starting an import nobody watches
  useEffect(() => () => cancelUpload.current?.abort(), []);

  const submit = async (file: File, configId: string): Promise<boolean> => {
    if (file.size > ARTICLE_IMPORT_MAX_UPLOAD_BYTES) {
      showError(undefined, t('import.tooLarge'));
      return false;
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
      return true;
    } catch (error) {
      const wrongFormat = WRONG_FORMAT_TEXT[format];
      if (error instanceof ResumableUploadError)
        if (error.reason === 'aborted') notify.info(t('import.uploadCancelled'));
        else showError(undefined, t('import.uploadFailed'));
      else if (error instanceof ApiError && error.code === 'articleImportWrongFormat' && wrongFormat)
        showError(undefined, t(wrongFormat));
      else showError(error instanceof ApiError && OWN_TEXT.has(error.code) ? error : undefined, t('import.failed'));
      return false;
    } finally {
      cancelUpload.current = null;
      setUpload(null);
    }
  };
  return {
    submit,
    upload,
    cancel: () => cancelUpload.current?.abort(),
    pending: start.isPending || startLarge.isPending,
  };
}

/**
 * The import panel of /article (spec 02 §2): choose a configuration and a file (.txt, .csv, .xlsx, .xls) and start;
 * while the import runs its percent, elapsed minutes and start time (polled), and the end-import button; afterwards
 * how it ended, its counts and the per-row report. A large file shows its upload progress and a cancel button first
 * (docs/decisions-imports.md "Large files").
 */
export function ImportPanel() {
  const { t } = useTranslation('article-transfer');
  const configSelect = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [configId, setConfigId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const progress = useImportProgress();
  const configs = useImportConfigs();
  const p = progress.data;
  const format = sourceFormatOf(configs.data?.find((c) => c.id === configId) ?? {});
  const { submit, upload, cancel, pending } = useImportSubmit(format);

  const startImport = async () => {
    if (!file || !configId || !(await submit(file, configId))) return;
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  if (upload) return <UploadProgress upload={upload} onCancel={cancel} />;
  if (importRuns(p) && p) return <RunningImport progress={p} />;
  return (
    <Stack spacing={2}>
      {p && <ImportResult progress={p} />}
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
        <Button variant="contained" disabled={!file || !configId || pending} onClick={() => void startImport()}>
          {t('import.start')}
        </Button>
      </Box>
    </Stack>
  );
}
