import { useEffect, useRef, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useFormikContext, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import type { ArticleMappableField, FieldMapping } from '@model/bom/fields';
import { LENGTH_UNITS, WEIGHT_UNITS } from '@model/bom/units';
import { FILE_MAX_BYTES } from '@model/files';
import {
  IMPORT_CONFIG_UNIT_DEFAULTS,
  SOURCE_FORMATS,
  sourceFormatOf,
  type ImportConfig,
  type SampleHeaders,
  type SourceFormat,
} from '@model/import-config';
import { IMPORT_CONFIG_EXTENSIONS, isHeaderRowIndex } from '@model/import-config-schemas';
import { VALIDATION_KEYS as V } from '@model/validation';
import { RecordError } from '@/components/errors/record-error';
import { FormPage, FormSelectField, FormTextField, type SelectOption } from '@/components/form-page';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { readSampleHeaders, useFieldValueChoices, useImportConfig, useSaveImportConfig } from '../api/import-configs';
import { MappingPanel, type ColumnFields } from './mapping-panel';

interface Values {
  sourceFormat: SourceFormat;
  manufacturerId: string;
  title: string;
  description: string;
  wholesalerId: string;
  defaultUnitId: string;
  headerRowIndex: string;
  unitWidth: string;
  unitHeight: string;
  unitDepth: string;
  unitWeight: string;
}

const NS = 'import-configs';
const KEY = {
  wrongIndex: `${NS}:importConfig.warning.wrongIndex`,
  missingMapping: `${NS}:importConfig.warning.missingMapping`,
  emptyUpload: `${NS}:importConfig.warning.emptyUpload`,
};

const schema = yup.object({
  title: yup.string().trim().required(V.required),
  description: yup.string().trim().required(V.required),
  headerRowIndex: yup
    .string()
    .test(
      'index',
      KEY.wrongIndex,
      (v, ctx) => ctx.parent.sourceFormat !== 'SPREADSHEET' || isHeaderRowIndex(String(v ?? '').trim()),
    ),
});

const ACCEPT = IMPORT_CONFIG_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The sample the mapping is made from: the stored one (edit) or a newly picked file. */
interface Sheet {
  filename: string;
  headers: string[];
  /** the row the headers were read from */
  headerRowIndex: number;
}

const columnsOf = (mapping: FieldMapping, headers: string[]): ColumnFields => {
  const out: ColumnFields = {};
  for (const m of mapping) {
    const index = m.columnIndex ?? headers.indexOf(m.importHeader);
    if (index >= 0 && index < headers.length) out[index] = m.articleField as ArticleMappableField;
  }
  return out;
};

const mappingOf = (columns: ColumnFields, headers: string[]): FieldMapping =>
  Object.entries(columns)
    .filter(([, field]) => field)
    .map(([index, field]) => ({
      columnIndex: Number(index),
      importHeader: headers[Number(index)] ?? '',
      articleField: field as ArticleMappableField,
    }))
    .sort((a, b) => a.columnIndex - b.columnIndex);

/** A server refusal as the user's text: the first field key of a 400, the engine's key of a 422, else the code. */
function refusalText(t: (key: string) => string, error: unknown): string {
  if (error instanceof ApiError && Array.isArray(error.details) && error.details.length) {
    const first = error.details[0] as { key?: string } | string;
    const key = typeof first === 'string' ? first : first.key;
    if (key && /^(importConfig|bom|spreadsheet)\./.test(key)) return t(`${NS}:${key}`);
  }
  return errorMessage(error);
}

const str = (v: string | undefined) => v ?? '';

/** Tells the page the form's format (the mapping panel beside the form shows only for spreadsheets). */
function FormatWatcher({ onChange }: { onChange: (format: SourceFormat) => void }) {
  const { values } = useFormikContext<Values>();
  useEffect(() => onChange(values.sourceFormat), [values.sourceFormat, onChange]);
  return null;
}

/** /import/config/:id ('new' = create): the configuration form with the mapping side panel (spec 02 §2, §5). */
export function ImportConfigFormPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const loaded = useImportConfig(id, !isNew);
  const config: ImportConfig | undefined = isNew ? undefined : loaded.data;
  const manufacturers = useFieldValueChoices('manufacturer');
  const wholesalers = useFieldValueChoices('wholesaler');
  const units = useFieldValueChoices('unit');
  const save = useSaveImportConfig();
  const back = paths.imports.configs.getHref();

  const [file, setFile] = useState<File | undefined>();
  const [sheet, setSheet] = useState<Sheet | undefined>();
  const [columns, setColumns] = useState<ColumnFields>({});
  const [reading, setReading] = useState(false);
  const [shownFor, setShownFor] = useState<string>();
  const [format, setFormat] = useState<SourceFormat>('SPREADSHEET');
  const input = useRef<HTMLInputElement>(null);

  // the stored configuration's sample and mapping, once it arrived (derived state, set while rendering)
  if (config && shownFor !== config.id) {
    setShownFor(config.id);
    setSheet({ filename: config.filename, headers: config.headers, headerRowIndex: config.headerRowIndex });
    setColumns(columnsOf(config.fieldMapping, config.headers));
  }

  if (!isNew && loaded.isError && !config)
    return <RecordError error={loaded.error} backTo={back} onRetry={() => void loaded.refetch()} />;

  const apply = (answer: SampleHeaders) => {
    setSheet({ filename: answer.filename, headers: answer.headers, headerRowIndex: answer.headerRowIndex });
    setColumns(columnsOf(answer.fieldMapping, answer.headers));
    notify.info(t('headersRead', { count: answer.headers.length }));
  };

  /** Reads the headers of a new file or (edit, no new file) of the stored sample at the form's header row. */
  const readHeaders = async (index: unknown, picked = file) => {
    const headerRowIndex = String(index ?? '').trim();
    if (!isHeaderRowIndex(headerRowIndex)) return notify.warn(t(KEY.wrongIndex));
    if (!picked && isNew) return notify.warn(t(KEY.emptyUpload));
    setReading(true);
    try {
      apply(
        await readSampleHeaders({
          headerRowIndex: Number(headerRowIndex),
          file: picked,
          configId: picked ? undefined : id,
        }),
      );
    } catch (error) {
      notify.error(refusalText(t, error));
    } finally {
      setReading(false);
    }
  };

  const pick = async (picked: File | undefined, headerRowIndex: unknown) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    const ext = picked.name.slice(picked.name.lastIndexOf('.') + 1).toLowerCase();
    if (!(IMPORT_CONFIG_EXTENSIONS as readonly string[]).includes(ext))
      return notify.error(t(`${NS}:spreadsheet.error.unsupportedFormat`));
    if (picked.size > FILE_MAX_BYTES) return notify.error(t('errors.payloadTooLarge'));
    setFile(picked);
    await readHeaders(headerRowIndex, picked);
  };

  const initialValues: Values = {
    sourceFormat: config ? sourceFormatOf(config) : 'SPREADSHEET',
    manufacturerId: str(config?.manufacturerId),
    title: str(config?.title),
    description: str(config?.description),
    wholesalerId: str(config?.wholesalerId),
    defaultUnitId: str(config?.defaultUnitId),
    headerRowIndex: String(config?.headerRowIndex ?? 1),
    unitWidth: config?.unitWidth ?? IMPORT_CONFIG_UNIT_DEFAULTS.unitWidth,
    unitHeight: config?.unitHeight ?? IMPORT_CONFIG_UNIT_DEFAULTS.unitHeight,
    unitDepth: config?.unitDepth ?? IMPORT_CONFIG_UNIT_DEFAULTS.unitDepth,
    unitWeight: config?.unitWeight ?? IMPORT_CONFIG_UNIT_DEFAULTS.unitWeight,
  };

  const submit = async (v: Values) => {
    // an exchange format's records name their fields: no sample, no mapping (docs/decisions-imports.md)
    const spreadsheet = v.sourceFormat === 'SPREADSHEET';
    const headers = spreadsheet ? (sheet?.headers ?? []) : [];
    if (spreadsheet && !headers.some((h) => h)) return { level: 'warn' as const, text: t(KEY.emptyUpload) };
    if (spreadsheet && sheet && sheet.headerRowIndex !== Number(v.headerRowIndex))
      return { level: 'warn' as const, text: t('headerIndexChanged') };
    const fieldMapping = spreadsheet ? mappingOf(columns, headers) : [];
    if (spreadsheet && !fieldMapping.some((m) => m.articleField === 'orderNumber'))
      return { level: 'warn' as const, text: t(KEY.missingMapping) };
    try {
      await save.mutateAsync({
        config: {
          id: isNew ? undefined : id,
          sourceFormat: v.sourceFormat,
          manufacturerId: v.manufacturerId || undefined,
          wholesalerId: v.wholesalerId || undefined,
          defaultUnitId: v.defaultUnitId || undefined,
          title: v.title.trim(),
          description: v.description.trim(),
          headerRowIndex: Number(v.headerRowIndex),
          fieldMapping,
          unitWidth: v.unitWidth,
          unitHeight: v.unitHeight,
          unitDepth: v.unitDepth,
          unitWeight: v.unitWeight,
        },
        file: spreadsheet ? file : undefined,
      });
    } catch (error) {
      return { level: 'error' as const, text: refusalText(t, error) };
    }
    navigate(back);
  };

  const choices = (data: Array<{ id: string; displayName: string }> | undefined): SelectOption[] => [
    { value: '', label: t('field.none') },
    ...(data ?? []).map((o) => ({ value: o.id, label: o.displayName })),
  ];
  const unitOptions = (list: readonly string[]): SelectOption[] => list.map((u) => ({ value: u, label: u }));

  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        flexDirection: { xs: 'column', lg: 'row' },
        // phones: both cards as wide as the screen (shrink-to-fit would take the widest select's width)
        alignItems: { xs: 'stretch', lg: 'flex-start' },
        '& > *': { minWidth: 0 },
      }}
    >
      <FormPage<Values>
        title={t(isNew ? 'createTitle' : 'editTitle')}
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={submit}
        loading={!isNew && !config && loaded.isPending}
        backTo={back}
        messages={{ success: `${NS}:saved` }}
      >
        {(formik: FormikProps<Values>) => (
          <>
            <FormatWatcher onChange={setFormat} />
            <FormSelectField
              name="sourceFormat"
              labelKey={`${NS}:field.sourceFormat`}
              options={SOURCE_FORMATS.map((f) => ({ value: f, label: t(`sourceFormat.${f}`) }))}
            />
            <FormSelectField
              name="manufacturerId"
              labelKey={`${NS}:field.manufacturer`}
              options={choices(manufacturers.data)}
            />
            <FormTextField name="title" labelKey={`${NS}:field.title`} required />
            <FormTextField name="description" labelKey={`${NS}:field.description`} required multiline minRows={2} />
            <FormSelectField
              name="wholesalerId"
              labelKey={`${NS}:field.wholesaler`}
              options={choices(wholesalers.data)}
            />
            <FormSelectField name="defaultUnitId" labelKey={`${NS}:field.defaultUnit`} options={choices(units.data)} />
            {formik.values.sourceFormat === 'SPREADSHEET' ? (
              <>
                <Stack spacing={1}>
                  <Typography variant="subtitle2">{t('field.file')} *</Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={reading}>
                      {t('file.choose')}
                      <input
                        ref={input}
                        hidden
                        type="file"
                        accept={ACCEPT}
                        aria-label={t('field.file')}
                        data-testid="file-input"
                        onChange={(e) => void pick(e.target.files?.[0], formik.values.headerRowIndex)}
                      />
                    </Button>
                    {reading && <CircularProgress size={20} aria-label={t('file.reading')} />}
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {sheet?.filename ? t('file.current', { name: sheet.filename }) : t('file.none')}
                    </Typography>
                  </Stack>
                  <Typography variant="caption" color="text.secondary">
                    {t('file.hint')}
                  </Typography>
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <FormTextField
                    name="headerRowIndex"
                    labelKey={`${NS}:field.headerRowIndex`}
                    type="number"
                    required
                    slotProps={{ htmlInput: { min: 1, step: 1 } }}
                    sx={{ maxWidth: 180 }}
                  />
                  <Button
                    startIcon={<RefreshIcon />}
                    disabled={reading}
                    onClick={() => void readHeaders(String(formik.values.headerRowIndex))}
                  >
                    {t('updateHeader')}
                  </Button>
                </Stack>
                <Typography variant="subtitle2">{t('mapping.units')}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('mapping.unitsHint')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <FormSelectField
                    name="unitWidth"
                    labelKey={`${NS}:field.unitWidth`}
                    options={unitOptions(LENGTH_UNITS)}
                  />
                  <FormSelectField
                    name="unitHeight"
                    labelKey={`${NS}:field.unitHeight`}
                    options={unitOptions(LENGTH_UNITS)}
                  />
                  <FormSelectField
                    name="unitDepth"
                    labelKey={`${NS}:field.unitDepth`}
                    options={unitOptions(LENGTH_UNITS)}
                  />
                  <FormSelectField
                    name="unitWeight"
                    labelKey={`${NS}:field.unitWeight`}
                    options={unitOptions(WEIGHT_UNITS)}
                  />
                </Stack>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary" data-testid="source-format-hint">
                {t(`sourceFormatHint.${formik.values.sourceFormat}`)}
              </Typography>
            )}
          </>
        )}
      </FormPage>
      {format === 'SPREADSHEET' && (
        <MappingPanel headers={sheet?.headers ?? []} value={columns} onChange={setColumns} />
      )}
    </Box>
  );
}
