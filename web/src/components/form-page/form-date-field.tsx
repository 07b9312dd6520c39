import { memo, useMemo, useState } from 'react';
import { format, isValid, parse } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { useFormikContext } from 'formik';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import { useFormField } from './form-fields';

/** How the field shows and reads a day, whatever the browser's language: TT.MM.JJJJ. */
const DAY_FORMAT = 'dd.MM.yyyy';
/** The model's calendar day (`desiredDeliveryDate`): `YYYY-MM-DD`, no time zone. */
const ISO_DAY = 'yyyy-MM-dd';
/** The form value of a day typed only in part or not at all valid: the model's schema refuses it ('Ungültiger Wert.'). */
export const INVALID_DAY = 'invalid';

/** The picker's value of a model day ('' and anything else that is no day: none). */
export function dayOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  if (value === INVALID_DAY) return new Date(Number.NaN);
  const day = parse(value, ISO_DAY, new Date());
  return isValid(day) ? day : null;
}

/** The model's day of a picked or typed date: `YYYY-MM-DD`; '' for none; INVALID_DAY for an incomplete entry. */
export function isoDayOf(date: Date | null): string {
  if (date === null) return '';
  return isValid(date) ? format(date, ISO_DAY) : INVALID_DAY;
}

export interface FormDateFieldProps {
  name: string;
  /** i18n key of the label; `required` adds the asterisk */
  labelKey: string;
  required?: boolean;
  disabled?: boolean;
  hintKey?: string;
}

/**
 * THE date field of the portal: a formik-bound MUI X date picker in German (date-fns, `de`) that shows and accepts
 * TT.MM.JJJJ - typed (`15032027` fills day, month, year) or picked from the calendar - in every browser language,
 * and stores the model's `YYYY-MM-DD` string. It brings its own German localization, so it works on any page.
 */
export function FormDateField({ name, labelKey, required = false, disabled = false, hintKey }: FormDateFieldProps) {
  const { id, label, value, error, helperText } = useFormField(name, labelKey, hintKey);
  const { setFieldValue, setFieldTouched } = useFormikContext<Record<string, unknown>>();
  return (
    <DateBox
      {...{ id, name, label, error, helperText, required, disabled, setFieldValue, setFieldTouched }}
      text={typeof value === 'string' ? value : ''}
    />
  );
}

interface DateBoxProps {
  id: string;
  name: string;
  label: string;
  /** the stored day (`YYYY-MM-DD`, INVALID_DAY or '') */
  text: string;
  error: boolean;
  helperText?: string;
  required: boolean;
  disabled: boolean;
  setFieldValue: (field: string, value: unknown) => unknown;
  setFieldTouched: (field: string, touched: boolean) => unknown;
}

/** The picker, rendered again only when what it shows changes (form-fields.tsx, FieldBox). */
const DateBox = memo(function DateBox(props: DateBoxProps) {
  const { id, name, label, text, error, helperText, required, disabled, setFieldValue, setFieldTouched } = props;
  // the picker compares its value by reference: hand back the very date it reported (an incomplete entry stays as
  // typed), and one stable date per stored day otherwise
  const [reported, setReported] = useState<{ iso: string; date: Date | null } | null>(null);
  const stored = useMemo(() => dayOf(text), [text]);
  const value = reported?.iso === text ? reported.date : stored;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={de}
      // the pickers' own texts (placeholders TT.MM.JJJJ, the calendar button's name) in German
      localeText={deDE.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DatePicker
        label={label}
        value={value}
        format={DAY_FORMAT}
        disabled={disabled}
        onChange={(date) => {
          const iso = isoDayOf(date);
          setReported({ iso, date });
          void setFieldValue(name, iso);
        }}
        slotProps={{
          textField: {
            id,
            name,
            required,
            error,
            helperText,
            onBlur: () => void setFieldTouched(name, true),
            fullWidth: true,
            size: 'small',
            // above the box like every form field's label; the empty box shows TT.MM.JJJJ
            slotProps: { inputLabel: { shrink: true } },
          },
        }}
      />
    </LocalizationProvider>
  );
});
