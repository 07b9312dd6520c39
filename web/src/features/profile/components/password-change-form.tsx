import { Button, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { passwordRepeatSchema } from '@model/user';
import { FormTextField } from '@/components/form-page';
import { showError } from '@/lib/errors';
import { authActions } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { log } from '@/lib/log';

/**
 * Password change (also the first-login change): POST /user/password/reset, then sign in again with the
 * new password (the API revokes older sessions) and clear passwordChangeNeeded locally, which unlocks the app.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation('profile');
  const { user, setUser } = useCurrentUser();
  const changePassword = useChangePassword();
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('passwordTitle')}
      </Typography>
      <Formik
        initialValues={{ password: '', passwordRepeat: '' }}
        validationSchema={passwordRepeatSchema}
        onSubmit={async (values, helpers) => {
          try {
            await changePassword.mutateAsync({ mail: user.mail, password: values.password });
          } catch (error) {
            showError(error, t('passwordChangeFailed'));
            return;
          }
          try {
            await authActions.signIn(user.mail, values.password, { countLogin: false });
          } catch (error) {
            log.warn('re-sign-in after password change failed', error);
          }
          notify.success(t('passwordChanged'));
          helpers.resetForm();
          setUser({ ...user, passwordChangeNeeded: false });
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2} sx={{ maxWidth: 420 }}>
              <FormTextField
                name="password"
                labelKey="profile:newPassword"
                type="password"
                autoComplete="new-password"
                required
              />
              <FormTextField
                name="passwordRepeat"
                labelKey="profile:passwordRepeat"
                type="password"
                autoComplete="new-password"
                required
              />
              <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
                {t('changePassword')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
