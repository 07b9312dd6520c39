import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { enquiryInputSchema, newEnquiryValues, type DeliveryCondition, type EnquiryInput } from '@model/enquiry';
import { canEditEnquiry } from '@model/permissions-enquiries';
import { FormPage, UnsavedChangesGuard } from '@/components/form-page';
import { RecordPanels } from '@/components/record-panels';
import { RecordLayout, SaveFirstNotice } from '@/components/record-summary';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { formatPriceInput, parsePriceInput } from '@/lib/price';
import { useCreateEnquiry } from '../api/create-enquiry';
import { useEnquiry } from '../api/get-enquiry';
import { enquiryFormOf, useUpdateEnquiry } from '../api/update-enquiry';
import { EnquiryActions } from './enquiry-actions';
import { EnquiryStatusChip } from './enquiry-status-chip';
import { EnquirySummary } from './enquiry-summary';
import { JobConditionsSection } from './job-conditions-section';
import { ProjectDataFields } from './project-data-fields';

/** The form's values: the model's input, with the two fields a new form starts without and the price as typed. */
export type EnquiryFormValues = Omit<EnquiryInput, 'deliveryCondition' | 'amount' | 'price'> & {
  deliveryCondition: DeliveryCondition | '';
  amount: number | undefined;
  /** the target price in German format ("1.234,50"); '' is none */
  price: string;
};

/**
 * The model's schema, with the form's "nothing chosen yet" ('' delivery condition) read as absent, so an empty
 * required field says 'Pflichtfeld' rather than 'invalid value', and the typed target price read as a number.
 */
const formSchema = enquiryInputSchema.transform((value: Record<string, unknown>) =>
  value && typeof value === 'object'
    ? {
        ...value,
        deliveryCondition: value.deliveryCondition || undefined,
        price: parsePriceInput(value.price as string | number | undefined),
      }
    : value,
);

/**
 * /enquiry/new and /enquiry/:id (spec 01 §2): 'Anfrage erstellen' or 'Anfrage bearbeiten' (the customer's draft):
 * project data, job conditions with their sub-dialogs, and beside them (from `lg`) the panels other features attach
 * to a stored enquiry (BOM, documents: `RecordPanels`). A locked enquiry, or any a supplier views, is read, not
 * edited: 'Anfrage ansehen' (EnquirySummary). Who may do what: the model's rules.
 */
export function EnquiryFormPage() {
  const { t } = useTranslation('enquiries');
  const navigate = useNavigate();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const { user } = useCurrentUser();
  const caller = principalOf(user);
  const loaded = useEnquiry({ id, queryConfig: { enabled: !isNew } });
  const createEnquiry = useCreateEnquiry();
  const updateEnquiry = useUpdateEnquiry();
  const enquiry = isNew ? undefined : loaded.data;
  const mayEdit = isNew
    ? caller.companyType === 'CUSTOMER' && !caller.restriction
    : !!enquiry && canEditEnquiry(caller, enquiry);

  // an unknown or hidden enquiry (404), or a caller who cannot create one
  if ((!isNew && loaded.isError) || (isNew && !mayEdit)) {
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
        <Alert severity="error">{t(isNew ? 'errors.forbidden' : 'errors.notFound')}</Alert>
        <Button sx={{ mt: 2 }} startIcon={<ArrowBackIcon />} onClick={() => navigate(paths.enquiries.list.getHref())}>
          {t('common.back')}
        </Button>
      </Paper>
    );
  }

  // a record the caller cannot change is read, not edited
  if (enquiry && !mayEdit) return <EnquirySummary enquiry={enquiry} caller={caller} />;

  const initialValues: EnquiryFormValues = enquiry
    ? { additionalInfo: '', ...enquiryFormOf(enquiry), price: formatPriceInput(enquiry.price) }
    : { ...newEnquiryValues(), price: '' };

  const submit = async (values: EnquiryFormValues) => {
    const body = formSchema.cast(values, { stripUnknown: true }) as unknown as EnquiryInput;
    if (isNew) {
      const created = await createEnquiry.mutateAsync(body);
      navigate(paths.enquiries.detail.getHref(created.id), { replace: true });
    } else await updateEnquiry.mutateAsync({ ...body, id });
  };

  return (
    <RecordLayout
      main={
        <FormPage<EnquiryFormValues>
          title={t(isNew ? 'createTitle' : !enquiry ? 'title' : 'editTitle')}
          initialValues={initialValues}
          validationSchema={formSchema}
          onSubmit={submit}
          loading={!isNew && loaded.isPending}
          backTo={paths.enquiries.list.getHref()}
          messages={{ success: 'enquiries:saved' }}
          placement="column"
          actions={(formik) =>
            enquiry ? <EnquiryActions enquiry={enquiry} caller={caller} dirty={formik.dirty} /> : undefined
          }
        >
          {(formik) => (
            <>
              <UnsavedChangesGuard dirty={formik.dirty && !formik.isSubmitting} />
              {enquiry && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2">{t('field.status')}:</Typography>
                  <EnquiryStatusChip enquiry={enquiry} />
                </Stack>
              )}
              <Typography variant="h2">{t('sections.projectData')}</Typography>
              <ProjectDataFields />
              <Box sx={{ pt: 2 }}>
                <JobConditionsSection enquiryId={enquiry?.id} canChangeFiles={!!enquiry} />
              </Box>
            </>
          )}
        </FormPage>
      }
      side={
        enquiry ? (
          <RecordPanels record="enquiry" value={enquiry} caller={caller} canChange={mayEdit} />
        ) : (
          isNew && <SaveFirstNotice text={t('documents.saveFirst')} />
        )
      }
    />
  );
}
