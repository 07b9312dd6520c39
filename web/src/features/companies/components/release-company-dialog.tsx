import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { companySchema, type Company } from '@model/company';
import { FormTextField } from '@/components/form-page';
import { companyFormOf } from '../api/update-company';

/** The model's company form with the customer number typed into the dialog: the message key per field. */
function releaseErrors(company: Company, customerNumber: string): Record<string, string> {
  try {
    companySchema.validateSync(companyFormOf({ ...company, customerNumber }), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((e) => [e.path ?? '', e.message]));
  }
}

export interface ReleaseCompanyDialogProps {
  /** the pending company to release; null: closed */
  company: Company | null;
  onCancel: () => void;
  /** releases (POST /company/update with pendingRegistration false and the customer number) */
  onRelease: (company: Company) => Promise<void>;
  /** the company lacks more than the customer number: complete it in the form */
  onOpenForm: (company: Company) => void;
}

/**
 * Confirms the release of a pending registration. A customer without customer number gets it here (the model's
 * rule); a company that lacks anything else is completed in the form.
 */
export function ReleaseCompanyDialog({ company, onCancel, onRelease, onOpenForm }: ReleaseCompanyDialogProps) {
  const { t } = useTranslation('companies');
  const initial = company?.customerNumber ?? '';
  const missing = company ? Object.keys(releaseErrors(company, initial)) : [];
  const needsNumber = missing.includes('customerNumber');
  const incomplete = missing.some((path) => path !== 'customerNumber');
  return (
    <Dialog open={company !== null} onClose={onCancel} aria-labelledby="release-title" fullWidth maxWidth="xs">
      {company && (
        <Formik
          initialValues={{ customerNumber: initial }}
          validate={(values) => {
            const found = releaseErrors(company, values.customerNumber);
            return found.customerNumber ? { customerNumber: found.customerNumber } : {};
          }}
          onSubmit={async (values) => onRelease({ ...company, customerNumber: values.customerNumber.trim() })}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <DialogTitle id="release-title">{t('releaseTitle')}</DialogTitle>
              <DialogContent>
                <Stack spacing={2}>
                  <DialogContentText>
                    {incomplete ? t('completeBeforeRelease') : t('releaseConfirm', { name: company.name })}
                  </DialogContentText>
                  {needsNumber && !incomplete && (
                    <>
                      <DialogContentText>{t('releaseNeedsNumber')}</DialogContentText>
                      <FormTextField name="customerNumber" labelKey="company.customerNumber" required autoFocus />
                    </>
                  )}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onCancel}>{t('common.cancel')}</Button>
                {incomplete ? (
                  <Button variant="contained" onClick={() => onOpenForm(company)}>
                    {t('openForm')}
                  </Button>
                ) : (
                  <Button type="submit" variant="contained" color="success" disabled={isSubmitting}>
                    {t('release')}
                  </Button>
                )}
              </DialogActions>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
