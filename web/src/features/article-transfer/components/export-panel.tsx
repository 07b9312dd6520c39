import { useState } from 'react';
import { Alert, Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { eclassClassOf, EXPORT_RESULT_FOLDER, MAX_EXPORT_TYPES } from '@model/article-transfer';
import { IMPORT_SOURCES, MAX_IDS_PER_CALL, type FieldValue, type ImportSource } from '@model/catalogue';
import { FieldValueMultiSelect } from '@/components/field-value-select';
import { downloadFile, FileTable, useDeleteFiles, useFiles } from '@/components/file-table';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { useExportArticles, type ExportOutcome } from '../api/article-export';

/** A price field: German decimal comma accepted; '' is no bound. */
const parsePrice = (text: string): number | undefined | 'invalid' => {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : 'invalid';
};

/** The type field: ECLASS classes separated by commas or semicolons ('' is every type). */
const parseTypes = (text: string): string[] | 'invalid' => {
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const classes = parts.map(eclassClassOf);
  return classes.length > MAX_EXPORT_TYPES || classes.some((c) => c === undefined) ? 'invalid' : (classes as string[]);
};

/** The type filter's field, the classes it holds ('invalid' while one is no class) and its error text. */
function useTypeFilter() {
  const { t } = useTranslation('article-transfer');
  const [text, setText] = useState('');
  const types = parseTypes(text);
  const error = types === 'invalid' ? t('export.typeInvalid', { max: MAX_EXPORT_TYPES }) : undefined;
  const field = (
    <TextField
      label={t('export.types')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      error={!!error}
      helperText={error ?? t('export.typesHint')}
    />
  );
  return { types, error, field };
}

/**
 * The export panel of /article (spec 02 §2): filters (manufacturers, import sources, price range, type - the
 * article's ECLASS class), the export
 * (a direct download, or "runs in the background" for large exports), and the latest exports under exportResult/
 * through the generic /file calls: download and delete with confirmation.
 */
export function ExportPanel() {
  const { t } = useTranslation('article-transfer');
  const [chosen, setChosen] = useState<FieldValue[]>([]);
  const [sources, setSources] = useState<ImportSource[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const typeFilter = useTypeFilter();
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const run = useExportArticles();
  const files = useFiles(EXPORT_RESULT_FOLDER);
  const remove = useDeleteFiles(EXPORT_RESULT_FOLDER);

  const fromValue = parsePrice(from);
  const toValue = parsePrice(to);
  const rangeError =
    fromValue === 'invalid' || toValue === 'invalid'
      ? t('export.priceInvalid')
      : fromValue !== undefined && toValue !== undefined && fromValue > toValue
        ? t('export.rangeInvalid')
        : undefined;

  const submit = async () => {
    const types = typeFilter.types;
    if (rangeError || types === 'invalid') return;
    setOutcome(null);
    try {
      setOutcome(
        await run.mutateAsync({
          manufacturers: chosen.map((m) => m.id),
          importSources: sources,
          priceRange: {
            ...(typeof fromValue === 'number' ? { from: fromValue } : {}),
            ...(typeof toValue === 'number' ? { to: toValue } : {}),
          },
          types,
        }),
      );
    } catch (error) {
      // spec 02 §8: an export failure shows the export error notification (a refused filter says why)
      showError(error instanceof ApiError && error.code === 'validation' ? error : undefined, t('export.failed'));
    }
  };

  return (
    <Stack spacing={2}>
      <FieldValueMultiSelect
        kind="manufacturer"
        value={chosen}
        onChange={setChosen}
        max={MAX_IDS_PER_CALL}
        label={t('export.manufacturers')}
        helperText={t('export.allWhenEmpty')}
      />
      <Autocomplete
        multiple
        options={[...IMPORT_SOURCES]}
        value={sources}
        onChange={(_e, list) => setSources(list)}
        getOptionLabel={(s) => t(`export.sources.${s}`)}
        renderInput={(params) => <TextField {...params} label={t('export.importSources')} />}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('export.priceFrom')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!rangeError}
        />
        <TextField
          label={t('export.priceTo')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!rangeError}
          helperText={rangeError}
        />
      </Stack>
      {typeFilter.field}
      <Box>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={run.isPending || !!rangeError || !!typeFilter.error}
          onClick={() => void submit()}
        >
          {t('export.start')}
        </Button>
      </Box>
      {outcome?.kind === 'background' && (
        <Alert severity="info" role="status">
          {t('export.background')}
        </Alert>
      )}
      {outcome?.kind === 'empty' && (
        <Alert severity="info" role="status">
          {t('export.empty')}
        </Alert>
      )}
      <Typography variant="h3">{t('export.latest')}</Typography>
      <FileTable
        files={files.data ?? []}
        loading={files.isPending}
        canDelete
        onDownload={downloadFile}
        onDelete={(list) => remove.mutateAsync(list)}
      />
    </Stack>
  );
}
