import { Box, Stack, Typography } from '@mui/material';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import {
  JOB_CONDITION_CHOICES,
  JOB_CONDITION_FLAGS,
  JOB_CONDITION_ORDER,
  individualTextApplies,
  jobConditionControls,
  jobConditionDialogOf,
  type JobConditionChoice,
  type JobConditionFlag,
  type JobConditions,
} from '@model/job-conditions';
import type { OfferTerms } from '@model/offer';
import { FormSelectField, FormSwitch, FormTextField } from '@/components/form-page';
import { copiedFieldValue } from './offer-field-labels';

type ConditionField = JobConditionChoice | JobConditionFlag;

/** Choices without a default may stay empty ("Keine Angabe"). */
const OPTIONAL_CHOICES: readonly ConditionField[] = ['cableDuctManufacturer', 'terminalManufacturer'];

/** "Anfrage: <value>" under a field: the enquiry's value when the offer was drafted (spec 01 §3). */
export function OriginalValue({ field, original }: { field: string; original?: Partial<OfferTerms> }) {
  const { t } = useTranslation('offers');
  if (!original) return null;
  const value = (original as Record<string, unknown>)[field];
  return (
    <Typography variant="caption" color="text.secondary" data-testid={`original-${field}`} sx={{ pl: 1.5 }}>
      {t('original', { value: copiedFieldValue(t, field, value) })}
    </Typography>
  );
}

/**
 * The job conditions of the offer in one column (the sub-dialog fields in place): shown and enabled as the
 * model's `jobConditionControls` says, with the enquiry's original value under each one.
 */
export function OfferConditionFields({ original }: { original?: Partial<OfferTerms> }) {
  const { t } = useTranslation('offers');
  const formik = useFormikContext<JobConditions>();
  const controls = jobConditionControls(formik.values);
  const fieldStates = controls.fields as Partial<Record<ConditionField, { visible: boolean; enabled: boolean }>>;
  return (
    <Stack spacing={2}>
      {JOB_CONDITION_ORDER.map((field) => {
        const state = fieldStates[field];
        if (state && !state.visible) return null;
        const dialog = jobConditionDialogOf(field);
        const disabled = (state ? !state.enabled : false) || (dialog ? !controls.dialogs[dialog].enabled : false);
        const isFlag = (JOB_CONDITION_FLAGS as readonly string[]).includes(field);
        const optional = OPTIONAL_CHOICES.includes(field);
        const options = isFlag
          ? []
          : JOB_CONDITION_CHOICES[field as JobConditionChoice].map((value) => ({
              value,
              label: t(`enquiries:values.${value}`),
            }));
        return (
          <Box key={field} data-testid={`offer-condition-${field}`}>
            <Stack spacing={0.5}>
              {isFlag ? (
                <FormSwitch name={field} labelKey={`enquiries:condition.${field}`} disabled={disabled} />
              ) : (
                <FormSelectField
                  name={field}
                  labelKey={`enquiries:condition.${field}`}
                  required={!optional}
                  disabled={disabled}
                  options={optional ? [{ value: '', label: t('enquiries:none') }, ...options] : options}
                  onChange={(e) => void formik.setFieldValue(field, e.target.value === '' ? undefined : e.target.value)}
                />
              )}
              <OriginalValue field={field} original={original} />
              {individualTextApplies(formik.values, field) && (
                <FormTextField
                  name={`${field}Individual`}
                  labelKey={`enquiries:conditionIndividual.${field}`}
                  required={getIn(formik.values, field) === 'INDIVIDUAL'}
                  multiline
                  minRows={2}
                />
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
