import { useFormikContext } from 'formik';
import type { FieldValueKind } from '@model/catalogue';
import { useFormField } from '../form-page/form-fields';
import { FieldValueSelect } from './field-value-select';

/** A formik-bound FieldValueSelect: the field holds the chosen item's id ('' for none). */
export function FormFieldValueSelect({
  name,
  labelKey,
  kind,
  required,
}: {
  name: string;
  labelKey: string;
  kind: FieldValueKind;
  required?: boolean;
}) {
  const formik = useFormikContext<Record<string, unknown>>();
  const field = useFormField(name, labelKey);
  return (
    <FieldValueSelect
      kind={kind}
      id={field.id}
      name={name}
      label={field.label}
      value={(field.value as string) || undefined}
      onChange={(item) => void formik.setFieldValue(name, item?.id ?? '')}
      onBlur={() => void formik.setFieldTouched(name, true)}
      error={field.error}
      helperText={field.helperText}
      required={required}
    />
  );
}
