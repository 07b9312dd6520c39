import { Button, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { passwordRepeatSchema } from '@model/user';
import { FormTextField } from '@/components/form-page';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { authActions } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { log } from '@/lib/log';

export interface ResetState {
  mail: string;
  oobCode: string;
}

/** /reset: needs { mail, oobCode } in navigation state (from /action), otherwise redirects to /. */
export function ResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const state = useLocation().state as Partial<ResetState> | null;
  if (!state?.mail || !state.oobCode) return <Navigate to={paths.home.getHref()} replace />;
  const { mail, oobCode } = state;

  return (
    <AuthLayout title={t('reset.title')}>
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="reset-mail">
        {t('reset.text', { mail })}
      </Typography>
      <Formik
        initialValues={{ password: '', passwordRepeat: '' }}
        validationSchema={passwordRepeatSchema}
        onSubmit={async (values) => {
          try {
            await authActions.confirmReset(oobCode, values.password);
            notify.success(t('reset.done'));
            navigate(paths.auth.login.getHref(), { replace: true });
          } catch (error) {
            log.warn('password reset failed', error);
            notify.error(t('reset.failed'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2}>
              <FormTextField
                name="password"
                labelKey="auth:reset.password"
                type="password"
                autoComplete="new-password"
                required
              />
              <FormTextField
                name="passwordRepeat"
                labelKey="auth:reset.passwordRepeat"
                type="password"
                autoComplete="new-password"
                required
              />
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('reset.submit')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
