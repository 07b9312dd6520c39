import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { LENGTH_UNITS, WEIGHT_UNITS } from '@model/bom/units';
import { SOURCE_FORMATS } from '@model/import-config';
import { IMPORT_CONFIG_EXTENSIONS } from '@model/import-config-schemas';
import { FormFieldValueSelect } from '@/components/field-value-select';
import { FormSelectField, FormTextField, type SelectOption } from '@/components/form-page';
import { NS, type SampleHeadersState } from './sample-headers';

/** The fields of the configuration form: those of every format, and a spreadsheet's sample, header row and units. */

const ACCEPT = IMPORT_CONFIG_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Format, manufacturer, title, description, wholesaler, default unit. */
export function GeneralFields() {
  const { t } = useTranslation(NS);
  return (
    <>
      <FormSelectField
        name="sourceFormat"
        labelKey={`${NS}:field.sourceFormat`}
        options={SOURCE_FORMATS.map((f) => ({ value: f, label: t(`sourceFormat.${f}`) }))}
      />
      <FormFieldValueSelect kind="manufacturer" name="manufacturerId" labelKey={`${NS}:field.manufacturer`} />
      <FormTextField name="title" labelKey={`${NS}:field.title`} required />
      <FormTextField name="description" labelKey={`${NS}:field.description`} required multiline minRows={2} />
      <FormFieldValueSelect kind="wholesaler" name="wholesalerId" labelKey={`${NS}:field.wholesaler`} />
      <FormFieldValueSelect kind="unit" name="defaultUnitId" labelKey={`${NS}:field.defaultUnit`} />
    </>
  );
}

const unitOptions = (list: readonly string[]): SelectOption[] => list.map((u) => ({ value: u, label: u }));

/** A spreadsheet's sample file (its headers read at the header row) and the units of its dimension columns. */
export function SpreadsheetFields({ sample }: { sample: SampleHeadersState }) {
  const { t } = useTranslation(NS);
  const { values } = useFormikContext<{ headerRowIndex: string }>();
  const { reading, input, sheet, pick, readHeaders } = sample;
  return (
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
              onChange={(e) => void pick(e.target.files?.[0], values.headerRowIndex)}
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
          onClick={() => void readHeaders(String(values.headerRowIndex))}
        >
          {t('updateHeader')}
        </Button>
      </Stack>
      <Typography variant="subtitle2">{t('mapping.units')}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t('mapping.unitsHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <FormSelectField name="unitWidth" labelKey={`${NS}:field.unitWidth`} options={unitOptions(LENGTH_UNITS)} />
        <FormSelectField name="unitHeight" labelKey={`${NS}:field.unitHeight`} options={unitOptions(LENGTH_UNITS)} />
        <FormSelectField name="unitDepth" labelKey={`${NS}:field.unitDepth`} options={unitOptions(LENGTH_UNITS)} />
        <FormSelectField name="unitWeight" labelKey={`${NS}:field.unitWeight`} options={unitOptions(WEIGHT_UNITS)} />
      </Stack>
    </>
  );
}
