import { useTranslation } from 'react-i18next';
import { cancelSchema } from '@model/offer';
import { FormTextField } from '@/components/form-page';
import { ReasonDialog } from './reason-dialog';

/**
 * Cancel a job before its delivery (issue 32): the customer's reason is required (the model's cancelSchema, which
 * the API checks again); the supplier reads it in his mail and on the job.
 */
export function CancelJobDialog({
  open,
  busy,
  onCancelJob,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onCancelJob: (cancellationReason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('offers');
  return (
    <ReasonDialog
      id="cancel-job-title"
      title={t('cancelDialog.title')}
      text={t('cancelDialog.text')}
      submitLabel={t('actions.cancelJob')}
      initialValues={{ cancellationReason: '' }}
      validationSchema={cancelSchema}
      open={open}
      busy={busy}
      onSubmit={async (values) => onCancelJob(values.cancellationReason.trim())}
      onClose={onClose}
    >
      {() => (
        <FormTextField
          name="cancellationReason"
          labelKey="offers:field.cancellationReason"
          required
          multiline
          minRows={3}
        />
      )}
    </ReasonDialog>
  );
}
