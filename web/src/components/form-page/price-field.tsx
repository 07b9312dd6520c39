import { useCallback, type FocusEvent } from 'react';
import { useFormikContext } from 'formik';
import { PRICE_MAX } from '@model/price';
import { formatEur } from '@/lib/format';
import { formatPriceInput, isValidPrice, parsePriceInput } from '@/lib/price';
import { FormTextField } from './form-fields';

/**
 * A euro amount typed in German format (the offer's price, the enquiry's target price): shown again in German
 * format when the box is left ("1234,5" -> "1.234,50"), the amount as it will be stored under it. The form's schema
 * reads the typed text with `parsePriceInput`.
 */
export function PriceField({ name, labelKey, required }: { name: string; labelKey: string; required?: boolean }) {
  const formik = useFormikContext<Record<string, string | undefined>>();
  const text = formik.values[name];
  const showsError = !!formik.errors[name] && (!!formik.touched[name] || formik.submitCount > 0);
  const { handleBlur, setFieldValue } = formik;
  // one handler per typed text: the box renders again only when what it shows changes (FieldBox)
  const onBlur = useCallback(
    (e: FocusEvent) => {
      handleBlur(e);
      // only a valid price: a refused one (fractions of a cent) keeps what was typed and its error
      const parsed = parsePriceInput(text);
      if (isValidPrice(parsed)) void setFieldValue(name, formatPriceInput(parsed));
    },
    [handleBlur, setFieldValue, name, text],
  );
  return (
    <FormTextField
      name={name}
      labelKey={labelKey}
      required={required}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-max': PRICE_MAX } }}
      onBlur={onBlur}
      // the amount as it will be stored, unless the field shows its error
      {...(showsError ? {} : { helperText: formatEur(parsePriceInput(text)) })}
    />
  );
}
