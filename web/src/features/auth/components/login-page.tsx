import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { mailSchema } from '@model/user';
import { FormTextField } from '@/components/form-page';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { authActions } from '@/lib/auth';
import { log } from '@/lib/log';

const loginSchema = yup.object({ mail: mailSchema, password: yup.string().required('validation.required') });

/**
 * /login. After the sign-in the signed-in route table takes over: its /login entry redirects to
 * /business-data/{id} when an id (route parameter or ?id=) was present, otherwise to /.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id');
  const [failed, setFailed] = useState(false);

  return (
    <AuthLayout title={t('login.title')}>
      <Formik
        initialValues={{ mail: '', password: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values) => {
          setFailed(false);
          try {
            await authActions.signIn(values.mail.trim(), values.password);
          } catch (error) {
            // spec 8: a login failure is logged; we also show the catalogue text inline
            log.warn('login failed', (error as { code?: string }).code);
            setFailed(true);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2}>
              <FormTextField name="mail" labelKey="auth:login.mail" type="email" autoComplete="username" required />
              <FormTextField
                name="password"
                labelKey="auth:login.password"
                type="password"
                autoComplete="current-password"
                required
              />
              {failed && <Alert severity="error">{t('login.failed')}</Alert>}
              <Button type="submit" variant="contained" disabled={isSubmitting} size="large">
                {t('login.submit')}
              </Button>
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={paths.auth.forget.getHref()}>
                  {t('login.forget')}
                </Link>
                <Link component={RouterLink} to={paths.auth.register.getHref(id)}>
                  {t('login.register')}
                </Link>
              </Stack>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
