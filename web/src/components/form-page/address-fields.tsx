import { Stack } from '@mui/material';
import { FormTextField } from './form-fields';

/**
 * Street + house number and zip + city, as every address form lays them out. `prefix` is the formik
 * path of the address object ('address.' in the company form, '' where the fields sit at the top level).
 */
export function AddressFields({ prefix = '' }: { prefix?: string }) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField name={`${prefix}street`} labelKey="company.street" required />
        <FormTextField name={`${prefix}houseNo`} labelKey="company.houseNo" required sx={{ maxWidth: { sm: 160 } }} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField name={`${prefix}zip`} labelKey="company.zip" required sx={{ maxWidth: { sm: 160 } }} />
        <FormTextField name={`${prefix}city`} labelKey="company.city" required />
      </Stack>
    </>
  );
}
