import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DELIVERY_CONDITIONS, enquiryInputSchema, type DeliveryCondition, type Enquiry } from '@model/enquiry';
import { offerInputSchema, type Offer, type OfferInput, type OfferTerms } from '@model/offer';
import { canOfferOnEnquiry } from '@model/permissions-enquiries';
import { canEditOffer } from '@model/permissions-offers';
import {
  FormDateField,
  FormPage,
  FormSelectField,
  FormTextField,
  PriceField,
  UnsavedChangesGuard,
} from '@/components/form-page';
import { RecordPanels } from '@/components/record-panels';
import { RecordLayout, SaveFirstNotice } from '@/components/record-summary';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useCreateOffer } from '../api/create-offer';
import { useEnquiry } from '../api/get-enquiry';
import { useOffer } from '../api/get-offer';
import { offerFormOf, useUpdateOffer } from '../api/update-offer';
import { OfferActions } from './offer-actions';
import { OfferConditionFields, OriginalValue } from './offer-condition-fields';
import { OfferDeviations } from './offer-deviations';
import { offerListHref } from './offer-href';
import { OfferInfo } from './offer-info';
import { OfferSummary } from './offer-summary';
import { formatPriceInput, parsePriceInput } from '@/lib/price';

/** The form's values: the model's input with the price as typed (German format) and the customer's info. */
export type OfferFormValues = Omit<OfferInput, 'price' | 'deliveryCondition'> & {
  price: string;
  deliveryCondition: DeliveryCondition | '';
  /** the customer's text, shown read-only once an original exists (spec 01 §5) */
  additionalInfo?: string;
};

/** The model's schema, reading the typed price and an unchosen delivery condition as absent / a number. */
export const offerFormSchema = offerInputSchema.transform((value: Record<string, unknown>) =>
  value && typeof value === 'object'
    ? {
        ...value,
        deliveryCondition: value.deliveryCondition || undefined,
        price: parsePriceInput(value.price as string | number | undefined),
      }
    : value,
);

/** The enquiry's copied fields (spec 01 §3: not its id, customer, title, released, closed, archived). */
function termsOfEnquiry(enquiry: Enquiry): OfferTerms {
  const input = enquiryInputSchema.cast({ additionalInfo: '', ...enquiry }, { stripUnknown: true, assert: false });
  const { title: _title, ...terms } = input as unknown as OfferTerms & { title: string };
  return terms;
}

/** The project data copied from the enquiry, each with the enquiry's value under it where it differs. */
function ProjectDataFields({ original }: { original: OfferTerms | undefined }) {
  const { t } = useTranslation('offers');
  const formik = useFormikContext<OfferFormValues>();
  return (
    <>
      <Typography variant="h2">{t('sections.projectData')}</Typography>
      <Stack spacing={0.5}>
        <FormTextField name="referenceNumber" labelKey="offers:field.referenceNumber" required />
        <OriginalValue field="referenceNumber" original={original} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <FormSelectField
            name="deliveryCondition"
            labelKey="offers:field.deliveryCondition"
            required
            options={DELIVERY_CONDITIONS.map((value) => ({
              value,
              label: t(`enquiries:deliveryConditions.${value}`),
            }))}
          />
          <OriginalValue field="deliveryCondition" original={original} />
        </Stack>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <FormDateField name="desiredDeliveryDate" labelKey="offers:field.desiredDeliveryDate" required />
          <OriginalValue field="desiredDeliveryDate" original={original} />
        </Stack>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <FormTextField
            name="amount"
            labelKey="offers:field.amount"
            type="number"
            required
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            onChange={(e) =>
              void formik.setFieldValue('amount', e.target.value === '' ? undefined : Number(e.target.value))
            }
          />
          <OriginalValue field="amount" original={original} />
        </Stack>
      </Stack>
      <FormTextField
        name="additionalInfo"
        labelKey="offers:field.additionalInfo"
        multiline
        minRows={2}
        // spec 01 §5: disabled once an original exists (the customer's text stays his)
        disabled={!!original}
      />
      <FormTextField
        name="additionalInfoSupplier"
        labelKey="offers:field.additionalInfoSupplier"
        multiline
        minRows={3}
      />
    </>
  );
}

/**
 * /offer/new/:enquiryId, /offer/:id, /order/:id, /job/:id (spec 01 §2): the supplier drafts an offer from a
 * released enquiry (its fields copied, the original value under each one), edits the draft while
 * canEditOffer holds, attaches documents; both sides act by the transition table (OfferActions).
 */
export function OfferFormPage() {
  const { t } = useTranslation('offers');
  const navigate = useNavigate();
  const { id = '', enquiryId } = useParams();
  const isNew = enquiryId !== undefined;
  const { user } = useCurrentUser();
  const caller = principalOf(user);
  const loadedOffer = useOffer({ id, queryConfig: { enabled: !isNew } });
  const loadedEnquiry = useEnquiry({ id: enquiryId ?? '', enabled: isNew });
  const createOffer = useCreateOffer();
  const updateOffer = useUpdateOffer();
  const offer = isNew ? undefined : loadedOffer.data;
  const enquiry = isNew ? loadedEnquiry.data : undefined;
  const mayEdit = isNew ? !!enquiry && canOfferOnEnquiry(caller, enquiry) : !!offer && canEditOffer(caller, offer);

  const refused = isNew ? loadedEnquiry.isError || (!!enquiry && !mayEdit) : loadedOffer.isError;
  if (refused) {
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
        <Alert severity="error">
          {t(isNew ? (loadedEnquiry.isError ? 'errors.enquiryNotFound' : 'errors.forbidden') : 'errors.notFound')}
        </Alert>
        <Button sx={{ mt: 2 }} startIcon={<ArrowBackIcon />} onClick={() => navigate(paths.offers.list.getHref())}>
          {t('common:common.back')}
        </Button>
      </Paper>
    );
  }

  const original: OfferTerms | undefined = offer ? offer.original : enquiry ? termsOfEnquiry(enquiry) : undefined;
  const initialValues: OfferFormValues = offer
    ? ({
        ...offerFormOf(offer),
        additionalInfo: offer.additionalInfo ?? offer.original?.additionalInfo ?? '',
        additionalInfoSupplier: offer.additionalInfoSupplier ?? '',
        price: formatPriceInput(offer.price),
      } as unknown as OfferFormValues)
    : ({
        ...(original ?? ({} as OfferTerms)),
        additionalInfo: original?.additionalInfo ?? '',
        offerNumber: '',
        price: '',
        additionalInfoSupplier: '',
      } as unknown as OfferFormValues);

  const submit = async (values: OfferFormValues) => {
    const body = offerFormSchema.cast(values, { stripUnknown: true }) as unknown as OfferInput;
    if (isNew) {
      const created = await createOffer.mutateAsync({ ...body, enquiryId: enquiryId });
      navigate(paths.offers.detail.getHref(created.id), { replace: true });
    } else await updateOffer.mutateAsync({ ...body, id });
  };

  const loading = isNew ? loadedEnquiry.isPending : loadedOffer.isPending;
  // a record the caller cannot change is read, not edited
  if (offer && !mayEdit) return <OfferSummary offer={offer} caller={caller} />;

  return (
    <RecordLayout
      main={
        <FormPage<OfferFormValues>
          title={t(isNew ? 'createTitle' : !offer ? 'loadingTitle' : 'editTitle')}
          placement="column"
          initialValues={initialValues}
          validationSchema={offerFormSchema}
          onSubmit={submit}
          loading={loading}
          backTo={offer ? offerListHref(offer) : paths.offers.list.getHref()}
          messages={{ success: 'offers:saved' }}
          actions={(formik) =>
            offer ? <OfferActions offer={offer as Offer} caller={caller} dirty={formik.dirty} /> : undefined
          }
        >
          {(formik) => (
            <>
              <UnsavedChangesGuard dirty={formik.dirty && !formik.isSubmitting} />
              {offer && <OfferInfo offer={offer} />}
              {enquiry && (
                <Typography variant="body2" color="text.secondary">
                  {enquiry.title} · {enquiry.customerName}
                </Typography>
              )}
              <Typography variant="h2">{t('sections.offer')}</Typography>
              <FormTextField name="offerNumber" labelKey="offers:field.offerNumber" required />
              <PriceField name="price" labelKey="offers:field.price" required />
              <ProjectDataFields original={original} />
              <Typography variant="h2">{t('enquiries:sections.jobConditions')}</Typography>
              <OfferConditionFields original={original} />
              {original && (
                <Box component="section" aria-labelledby="offer-deviations">
                  <Typography variant="h2" id="offer-deviations" sx={{ mb: 1 }}>
                    {t('sections.deviations')}
                  </Typography>
                  <OfferDeviations values={formik.values as unknown as OfferTerms} original={original} />
                </Box>
              )}
            </>
          )}
        </FormPage>
      }
      side={
        offer ? (
          <RecordPanels record="offer" value={offer} caller={caller} canChange={mayEdit} />
        ) : (
          isNew && <SaveFirstNotice text={t('documents.saveFirst')} />
        )
      }
    />
  );
}
