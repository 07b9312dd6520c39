import { useRef } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  SELECTABLE_COMPANY_TYPES,
  companySchema,
  companyStatus,
  type Address,
  type Company,
  type CompanyInput,
} from '@model/company';
import { RecordError } from '@/components/errors/record-error';
import { AddressFields, FormPage, FormSelectField, FormTextField } from '@/components/form-page';
import { paths } from '@/config/paths';
import { useCreateCompany } from '../api/create-company';
import { useCompany } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { CompanyConsents } from './company-consents';
import { CompanyDocuments } from './company-documents';
import { CompanyStatusChip } from './company-status-chip';

/** The form's values: the model's company form, every field present (strings for the inputs). */
type CompanyFormValues = Required<Omit<CompanyInput, 'type' | 'address'>> & {
  type: CompanyInput['type'];
  address: Required<Address>;
};

/** /company/:id ('new' = create). EXTERNAL is not selectable; customerNumber is required for customers. */
export function CompanyFormPage() {
  const { t } = useTranslation('companies');
  const navigate = useNavigate();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  // a row passed by the list (navigation state) is shown at once instead of being loaded again
  const fromList = (useLocation().state as { company?: Company } | null)?.company;
  const loaded = useCompany({
    id,
    initialData: fromList?.id === id ? fromList : undefined,
    queryConfig: { enabled: !isNew },
  });
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const c = isNew ? undefined : loaded.data;
  const initialValues: CompanyFormValues = {
    name: c?.name ?? '',
    // an EXTERNAL company is never edited here (the API refuses it); the select offers the selectable types
    type: (c?.type ?? 'CUSTOMER') as CompanyFormValues['type'],
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
    if (isNew) await createCompany.mutateAsync(body);
    else await updateCompany.mutateAsync({ ...body, id, ...(release ? { pendingRegistration: false } : {}) });
    navigate(paths.companies.list.getHref());
    if (release) return { level: 'success' as const, text: t('released', { name: body.name }) };
  };

  // unknown, forbidden or malformed id: say so instead of an empty form
  if (!isNew && loaded.isError && !c)
    return (
      <RecordError error={loaded.error} backTo={paths.companies.list.getHref()} onRetry={() => void loaded.refetch()} />
    );

  const form = (
    <FormPage<CompanyFormValues>
      title={t(isNew ? 'createTitle' : 'editTitle')}
      initialValues={initialValues}
      validationSchema={companySchema}
      onSubmit={submit}
      loading={!isNew && loaded.isPending}
      backTo={paths.companies.list.getHref()}
      messages={{ success: 'companies:saved' }}
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
            {t('release')}
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
          {formik.values.type === 'CUSTOMER' && (
            <FormTextField name="customerNumber" labelKey="company.customerNumber" required />
          )}
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
      {c && <CompanyConsents company={c} />}
    </>
  );
}
