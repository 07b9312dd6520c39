import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useFormikContext, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import {
  IMPORT_CONFIG_UNIT_DEFAULTS,
  sourceFormatOf,
  type ImportConfig,
  type SourceFormat,
} from '@model/import-config';
import { isHeaderRowIndex } from '@model/import-config-schemas';
import { VALIDATION_KEYS as V } from '@model/validation';
import { RecordError } from '@/components/errors/record-error';
import { FormPage } from '@/components/form-page';
import { paths } from '@/config/paths';
import { useImportConfig, useSaveImportConfig } from '../api/import-configs';
import { GeneralFields, SpreadsheetFields } from './import-config-fields';
import { ImportConfigHistory } from './import-config-history';
import { MappingPanel } from './mapping-panel';
import { mappingOf, NS, refusalText, useSampleHeaders, WARNING_KEYS, type SampleHeadersState } from './sample-headers';

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

const schema = yup.object({
  title: yup.string().trim().required(V.required),
  description: yup.string().trim().required(V.required),
  headerRowIndex: yup
    .string()
    .test(
      'index',
      WARNING_KEYS.wrongIndex,
      (v, ctx) => ctx.parent.sourceFormat !== 'SPREADSHEET' || isHeaderRowIndex(String(v ?? '').trim()),
    ),
});

const str = (v: string | undefined) => v ?? '';

const initialValuesOf = (config: ImportConfig | undefined): Values => ({
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
});

/** Tells the page the form's format (the mapping panel beside the form shows only for spreadsheets). */
function FormatWatcher({ onChange }: { onChange: (format: SourceFormat) => void }) {
  const { values } = useFormikContext<Values>();
  useEffect(() => onChange(values.sourceFormat), [values.sourceFormat, onChange]);
  return null;
}

/**
 * Saving the form: a spreadsheet needs its sample read at the form's header row and the order number mapped (a
 * warning otherwise); an exchange format's records name their fields: no sample, no mapping
 * (docs/decisions-imports.md). Back to the list once saved.
 */
function useSubmit(id: string, sample: SampleHeadersState) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const save = useSaveImportConfig();
  return async (v: Values) => {
    const { sheet, columns, file } = sample;
    const spreadsheet = v.sourceFormat === 'SPREADSHEET';
    const headers = spreadsheet ? (sheet?.headers ?? []) : [];
    if (spreadsheet && !headers.some((h) => h)) return { level: 'warn' as const, text: t(WARNING_KEYS.emptyUpload) };
    if (spreadsheet && sheet && sheet.headerRowIndex !== Number(v.headerRowIndex))
      return { level: 'warn' as const, text: t('headerIndexChanged') };
    const fieldMapping = spreadsheet ? mappingOf(columns, headers) : [];
    if (spreadsheet && !fieldMapping.some((m) => m.articleField === 'orderNumber'))
      return { level: 'warn' as const, text: t(WARNING_KEYS.missingMapping) };
    try {
      await save.mutateAsync({
        config: {
          id: id === 'new' ? undefined : id,
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
    navigate(paths.imports.configs.getHref());
  };
}

/** /import/config/:id ('new' = create): the configuration form with the mapping side panel (spec 02 §2, §5). */
export function ImportConfigFormPage() {
  const { t } = useTranslation(NS);
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const loaded = useImportConfig(id, !isNew);
  const config: ImportConfig | undefined = isNew ? undefined : loaded.data;
  const back = paths.imports.configs.getHref();
  const sample = useSampleHeaders(id, config);
  const submit = useSubmit(id, sample);
  const [format, setFormat] = useState<SourceFormat>('SPREADSHEET');

  if (!isNew && loaded.isError && !config)
    return <RecordError error={loaded.error} backTo={back} onRetry={() => void loaded.refetch()} />;

  return (
    <>
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
          initialValues={initialValuesOf(config)}
          validationSchema={schema}
          onSubmit={submit}
          loading={!isNew && !config && loaded.isPending}
          backTo={back}
          messages={{ success: `${NS}:saved` }}
        >
          {(formik: FormikProps<Values>) => (
            <>
              <FormatWatcher onChange={setFormat} />
              <GeneralFields />
              {formik.values.sourceFormat === 'SPREADSHEET' ? (
                <SpreadsheetFields sample={sample} />
              ) : (
                <Typography variant="body2" color="text.secondary" data-testid="source-format-hint">
                  {t(`sourceFormatHint.${formik.values.sourceFormat}`)}
                </Typography>
              )}
            </>
          )}
        </FormPage>
        {format === 'SPREADSHEET' && (
          <MappingPanel headers={sample.sheet?.headers ?? []} value={sample.columns} onChange={sample.setColumns} />
        )}
      </Box>
      {!isNew && <ImportConfigHistory id={id} />}
    </>
  );
}
