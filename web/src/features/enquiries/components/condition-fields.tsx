import { useCallback, type ChangeEvent } from 'react';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import {
  JOB_CONDITION_CHOICES,
  individualTextApplies,
  type JobConditionChoice,
  type JobConditionFlag,
  type JobConditions,
} from '@model/job-conditions';
import { FormSelectField, FormSwitch, FormTextField } from '@/components/form-page';

/** Choices without a default may stay empty ("Keine Angabe"). */
const OPTIONAL_CHOICES: readonly JobConditionChoice[] = ['cableDuctManufacturer', 'terminalManufacturer'];

/**
 * The `<field>Individual` free text of a condition, shown when the model says it applies
 * (`individualTextApplies`); required (asterisk) when its choice is INDIVIDUAL, as the schema demands.
 */
function IndividualText({ field }: { field: JobConditionChoice | JobConditionFlag }) {
  const { values } = useFormikContext<JobConditions>();
  if (!individualTextApplies(values, field)) return null;
  const required = getIn(values, field) === 'INDIVIDUAL';
  return (
    <FormTextField
      name={`${field}Individual`}
      labelKey={`enquiries:conditionIndividual.${field}`}
      required={required}
      multiline
      minRows={2}
    />
  );
}

/** A job-condition choice: its value set with German labels, plus the individual free text where it applies. */
export function ChoiceField({ field, disabled = false }: { field: JobConditionChoice; disabled?: boolean }) {
  const { t } = useTranslation('enquiries');
  const { setFieldValue } = useFormikContext<JobConditions>();
  // "Keine Angabe" is the absent value (the schema knows no empty string); one handler per field keeps the select
  // from rendering again on every keystroke elsewhere in the form (FieldBox)
  const onChange = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => void setFieldValue(field, e.target.value === '' ? undefined : e.target.value),
    [setFieldValue, field],
  );
  const optional = OPTIONAL_CHOICES.includes(field);
  const options = JOB_CONDITION_CHOICES[field].map((value) => ({ value, label: t(`values.${value}`) }));
  return (
    <>
      <FormSelectField
        name={field}
        labelKey={`enquiries:condition.${field}`}
        required={!optional}
        disabled={disabled}
        options={optional ? [{ value: '', label: t('none') }, ...options] : options}
        onChange={onChange}
      />
      <IndividualText field={field} />
    </>
  );
}

/** A yes/no condition, plus its individual free text while it is set. */
export function FlagField({ field, disabled = false }: { field: JobConditionFlag; disabled?: boolean }) {
  return (
    <>
      <FormSwitch name={field} labelKey={`enquiries:condition.${field}`} disabled={disabled} />
      <IndividualText field={field} />
    </>
  );
}
