import { useTranslation } from 'react-i18next';
import { declineSchema, REJECTION_REASONS, type RejectionReason } from '@model/offer';
import { FormSelectField, FormTextField } from '@/components/form-page';
import { ReasonDialog } from './reason-dialog';

export interface DeclineValues {
  rejectionReason: RejectionReason | '';
  rejectionReasonIndividual: string;
}

/** The form's "nothing chosen yet" read as absent, so an empty reason says 'Pflichtfeld'. */
const formSchema = declineSchema.transform((value: Record<string, unknown>) =>
  value && typeof value === 'object'
    ? {
        ...value,
        rejectionReason: value.rejectionReason || undefined,
        rejectionReasonIndividual: value.rejectionReasonIndividual || undefined,
      }
    : value,
);

/**
 * Decline (spec 01 §5): a rejection reason from the model's list; the free text is shown and required for
 * INDIVIDUAL (the model's declineSchema, which the API checks again).
 */
export function DeclineDialog({
  open,
  busy,
  onDecline,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onDecline: (values: { rejectionReason: RejectionReason; rejectionReasonIndividual?: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('offers');
  const initialValues: DeclineValues = { rejectionReason: '', rejectionReasonIndividual: '' };
  return (
    <ReasonDialog<DeclineValues>
      id="decline-title"
      title={t('declineDialog.title')}
      text={t('declineDialog.text')}
      submitLabel={t('actions.decline')}
      initialValues={initialValues}
      validationSchema={formSchema}
      open={open}
      busy={busy}
      onSubmit={async (values) => {
        const individual = values.rejectionReason === 'INDIVIDUAL' ? values.rejectionReasonIndividual : undefined;
        await onDecline({
          rejectionReason: values.rejectionReason as RejectionReason,
          ...(individual ? { rejectionReasonIndividual: individual.trim() } : {}),
        });
      }}
      onClose={onCancel}
    >
      {(formik) => (
        <>
          <FormSelectField
            name="rejectionReason"
            labelKey="offers:field.rejectionReason"
            required
            options={REJECTION_REASONS.map((value) => ({ value, label: t(`rejectionReasons.${value}`) }))}
          />
          {formik.values.rejectionReason === 'INDIVIDUAL' && (
            <FormTextField
              name="rejectionReasonIndividual"
              labelKey="offers:field.rejectionReasonIndividual"
              required
              multiline
              minRows={3}
            />
          )}
        </>
      )}
    </ReasonDialog>
  );
}
