import { Box, Stack } from '@mui/material';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { AMOUNT_MAX, DELIVERY_CONDITIONS } from '@model/enquiry';
import { FormDateField, FormSelectField, FormTextField, PriceField } from '@/components/form-page';

/**
 * Spec 01 §3/§5 project data: title, reference number, delivery condition, date, amount (≥ 1, step 1), the optional
 * target price (EUR, ≥ 0, step 0.01) and info.
 */
export function ProjectDataFields() {
  const { t } = useTranslation('enquiries');
  const formik = useFormikContext<{ amount: number | undefined }>();
  return (
    <>
      <FormTextField name="title" labelKey="enquiries:field.title" required />
      <FormTextField name="referenceNumber" labelKey="enquiries:field.referenceNumber" required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelectField
          name="deliveryCondition"
          labelKey="enquiries:field.deliveryCondition"
          required

          options={DELIVERY_CONDITIONS.map((value) => ({ value, label: t(`deliveryConditions.${value}`) }))}
          sx={{ flex: 1 }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <FormDateField name="desiredDeliveryDate" labelKey="enquiries:field.desiredDeliveryDate" required />
        </Box>
        <FormTextField
          name="amount"
          labelKey="enquiries:field.amount"
          type="number"
          required

          slotProps={{ htmlInput: { min: 1, max: AMOUNT_MAX, step: 1 } }}
          // an emptied box is "no amount" (required), not the number 0
          onChange={(e) =>
            void formik.setFieldValue('amount', e.target.value === '' ? undefined : Number(e.target.value))
          }
          sx={{ flex: 1 }}
        />
      </Stack>
      <PriceField name="price" labelKey="enquiries:field.price" />
      <FormTextField name="additionalInfo" labelKey="enquiries:field.additionalInfo" multiline minRows={3} />
    </>
  );
}
