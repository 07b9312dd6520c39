import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { cancelSchema } from '@model/offer';
import { FormTextField } from '@/components/form-page';

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
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-job-title" fullWidth maxWidth="sm">
      <Formik
        initialValues={{ cancellationReason: '' }}
        validationSchema={cancelSchema}
        onSubmit={async (values) => onCancelJob(values.cancellationReason.trim())}
      >
        {(formik) => (
          <Form noValidate>
            <DialogTitle id="cancel-job-title">{t('cancelDialog.title')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <DialogContentText>{t('cancelDialog.text')}</DialogContentText>
                <FormTextField
                  name="cancellationReason"
                  labelKey="offers:field.cancellationReason"
                  required
                  multiline
                  minRows={3}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('actions.cancel')}</Button>
              <Button type="submit" variant="contained" color="error" disabled={busy || formik.isSubmitting}>
                {t('actions.cancelJob')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
