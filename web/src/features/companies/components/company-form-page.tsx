import { useRef } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SELECTABLE_COMPANY_TYPES, companySchema, companyStatus, type Company } from '@model/company';
import { AddressFields, FormPage, FormSelectField, FormTextField } from '@/components/form-page';
import { useRouteRecord } from '@/lib/use-route-record';
import { createCompany } from '../api/create-company';
import { getCompany } from '../api/get-company';
import { updateCompany } from '../api/update-company';
import { CompanyDocuments } from './company-documents';
import { CompanyStatusChip } from './company-status-chip';

interface CompanyFormValues {
  name: string;
  type: string;
  customerNumber: string;
  additionalInfo: string;
  address: { street: string; houseNo: string; zip: string; city: string; country: string };
}

/** /company/:id ('new' = create). EXTERNAL is not selectable; customerNumber is required for customers. */
export function CompanyFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, isNew, ...loaded } = useRouteRecord<Company>('company', getCompany);
  const c = loaded.data;
  const initialValues: CompanyFormValues = {
    name: c?.name ?? '',
    type: c?.type ?? 'CUSTOMER',
    customerNumber: c?.customerNumber ?? '',
    additionalInfo: c?.additionalInfo ?? '',
    address: {
      street: c?.address?.street ?? '',
      houseNo: c?.address?.houseNo ?? '',
      zip: c?.address?.zip ?? '',
      city: c?.address?.city ?? '',
      country: c?.address?.country ?? '',
    },
  };

  // the release button submits the form with pendingRegistration: false (a customer needs its number first)
  const releasing = useRef(false);

  const submit = async (values: CompanyFormValues) => {
    const body = companySchema.cast(values, { stripUnknown: true });
    const release = releasing.current;
    releasing.current = false;
    if (isNew) await createCompany(body);
    else await updateCompany({ ...body, id, ...(release ? { pendingRegistration: false } : {}) });
    navigate('/company');
    if (release) return { level: 'success' as const, text: t('companies.released', { name: body.name }) };
  };

  const form = (
    <FormPage<CompanyFormValues>
      title={t(isNew ? 'companies.createTitle' : 'companies.editTitle')}
      initialValues={initialValues}
      validationSchema={companySchema}
      onSubmit={submit}
      loading={loaded.loading}
      backTo="/company"
      messages={{ success: 'companies.saved' }}
      actions={(formik) =>
        c && companyStatus(c) === 'pending' ? (
          <Button
            variant="outlined"
            color="success"
            disabled={formik.isSubmitting}
            onClick={() => {
              releasing.current = true;
              void formik.submitForm().finally(() => {
                releasing.current = false;
              });
            }}
          >
            {t('companies.release')}
          </Button>
        ) : undefined
      }
    >
      {(formik) => (
        <>
          {c && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{t('company.statusLabel')}:</Typography>
              <CompanyStatusChip company={c} />
            </Stack>
          )}
          <FormTextField name="name" labelKey="company.name" required />
          <FormSelectField
            name="type"
            labelKey="company.type"
            required
            options={SELECTABLE_COMPANY_TYPES.map((type) => ({ value: type, label: t(`company.types.${type}`) }))}
          />
          {formik.values.type === 'CUSTOMER' && <FormTextField name="customerNumber" labelKey="company.customerNumber" required />}
          <AddressFields prefix="address." />
          <FormTextField name="address.country" labelKey="company.country" />
          <FormTextField name="additionalInfo" labelKey="company.additionalInfo" multiline minRows={2} />
        </>
      )}
    </FormPage>
  );
  return (
    <>
      {form}
      {c && <CompanyDocuments company={c} />}
    </>
  );
}
