import { memo, type ReactNode } from 'react';
import { FormControlLabel, MenuItem, Switch, TextField, type TextFieldProps } from '@mui/material';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { messageKey, messageValues } from '@model/validation';
import { sameProps } from '@/lib/same-props';

/**
 * Translates a yup message key of the model (validation.required, validation.maxLength ...) into German; a
 * length rule's message carries its limit (`{{max}}`, model/validation.ts `withLimits`).
 */
export function useValidationText() {
  const { t } = useTranslation();
  return (key: unknown) => (typeof key === 'string' && key ? t(messageKey(key), messageValues(key)) : undefined);
}

/** What a formik-bound field shows: id, translated label, value, handlers, the touched error or the hint. */
export function useFormField(name: string, labelKey: string, hintKey?: string) {
  const { t } = useTranslation();
  const formik = useFormikContext<Record<string, unknown>>();
  const text = useValidationText();
  const touched = Boolean(getIn(formik.touched, name)) || formik.submitCount > 0;
  const error = touched ? text(getIn(formik.errors, name)) : undefined;
  const value: unknown = getIn(formik.values, name);
  return {
    id: `field-${name.replace(/\./g, '-')}`,
    name,
    label: t(labelKey),
    value: value ?? '',
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(error),
    helperText: error ?? (hintKey ? t(hintKey) : undefined),
  };
}

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'label'> & {
  name: string;
  /** i18n key of the label; `required` adds the asterisk */
  labelKey: string;
  /** i18n key of a hint shown when there is no error (e.g. the phone format) */
  hintKey?: string;
  children?: ReactNode;
};

/**
 * The label always above the box (shrunk into the border): a long German label keeps its whole width there instead of
 * being cut off inside a narrow box on a phone.
 */
function labelAbove(slotProps: TextFieldProps['slotProps']): TextFieldProps['slotProps'] {
  const inputLabel = slotProps?.inputLabel;
  return {
    ...slotProps,
    inputLabel: typeof inputLabel === 'function' ? inputLabel : { shrink: true, ...inputLabel },
  };
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * MUI's TextField, rendered again only when what it shows changes. Every formik field reads the whole form's state,
 * so without this boundary a keystroke rendered every field of a long form again (the enquiry form: about half a
 * second per keystroke in the component tests); the cheap field components above it still do, the boxes do not.
 */
const FieldBox = memo(function FieldBox({
  options,
  children,
  ...props
}: TextFieldProps & { options?: SelectOption[] }) {
  return (
    <TextField {...props}>
      {options
        ? options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))
        : children}
    </TextField>
  );
}, sameProps);

/** A formik-bound text field: translated label (asterisk when required), touched-errors from the yup schema. */
export function FormTextField({
  name,
  labelKey,
  hintKey,
  children,
  slotProps,
  ...rest
}: FormTextFieldProps & { options?: SelectOption[] }) {
  return (
    <FieldBox {...useFormField(name, labelKey, hintKey)} {...rest} slotProps={labelAbove(slotProps)}>
      {children}
    </FieldBox>
  );
}

/** A formik-bound select (TextField select). */
export function FormSelectField(props: FormTextFieldProps & { options: SelectOption[] }) {
  return <FormTextField select {...props} />;
}

/** A formik-bound switch (boolean field). */
export function FormSwitch({ name, labelKey, disabled }: { name: string; labelKey: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  return (
    <SwitchBox
      name={name}
      label={t(labelKey)}
      checked={Boolean(getIn(values, name))}
      disabled={disabled}
      setFieldValue={setFieldValue}
    />
  );
}

/** The switch itself, rendered again only when what it shows changes (see FieldBox). */
const SwitchBox = memo(function SwitchBox({
  name,
  label,
  checked,
  disabled,
  setFieldValue,
}: {
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  setFieldValue: (field: string, value: unknown) => unknown;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          name={name}
          checked={checked}
          onChange={(e) => void setFieldValue(name, e.target.checked)}
          disabled={disabled}
        />
      }
      label={label}
    />
  );
});
