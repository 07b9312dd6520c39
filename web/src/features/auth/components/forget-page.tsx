import { Button, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { mailSchema } from '@model/user';
import { FormTextField } from '@/components/form-page';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** /forget: sends the reset mail (GET /user/password/reset?mail=). */
export function ForgetPage() {
  const { t } = useTranslation('auth');
  const requestPasswordReset = useRequestPasswordReset();
  return (
    <AuthLayout title={t('forget.title')} links={[{ to: paths.auth.login.getHref(), labelKey: 'auth:forget.toLogin' }]}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('forget.text')}
      </Typography>
      <Formik
        initialValues={{ mail: '' }}
        validationSchema={yup.object({ mail: mailSchema })}
        onSubmit={async (values, helpers) => {
          try {
            await requestPasswordReset.mutateAsync(values.mail.trim().toLowerCase());
            notify.success(t('forget.sent'));
            helpers.resetForm();
          } catch {
            notify.error(t('forget.failed'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2}>
              <FormTextField name="mail" labelKey="auth:login.mail" type="email" autoComplete="email" required />
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('forget.submit')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
