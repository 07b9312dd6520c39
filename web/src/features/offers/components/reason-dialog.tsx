import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { Form, Formik, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import type { Schema } from 'yup';
import { useTranslation } from 'react-i18next';

/**
 * The frame of an offer action that asks for a reason (decline, cancel a job): title, text, the fields, cancel and
 * a red submit button; the model's schema validates, the API checks it again.
 */
export function ReasonDialog<V extends FormikValues>({
  id,
  title,
  text,
  submitLabel,
  initialValues,
  validationSchema,
  open,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  id: string;
  title: string;
  text: string;
  submitLabel: string;
  initialValues: V;
  validationSchema: Schema;
  open: boolean;
  busy: boolean;
  onSubmit: (values: V, helpers: FormikHelpers<V>) => Promise<void>;
  onClose: () => void;
  children: (formik: FormikProps<V>) => ReactNode;
}) {
  const { t } = useTranslation('offers');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <Formik<V> initialValues={initialValues} validationSchema={validationSchema} onSubmit={onSubmit}>
        {(formik) => (
          <Form noValidate>
            <DialogTitle id={id}>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <DialogContentText>{text}</DialogContentText>
                {children(formik)}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('actions.cancel')}</Button>
              <Button type="submit" variant="contained" color="error" disabled={busy || formik.isSubmitting}>
                {submitLabel}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
