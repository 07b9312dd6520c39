import { Button, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { passwordRepeatSchema } from '@model/user';
import { FormTextField } from '@/components/form-page';
import { errorText, ApiError } from '@/lib/api-client';
import { authActions } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { notify } from '@/lib/notify';
import { changePassword } from '../api/change-password';

/**
 * Password change (also the first-login change): POST /user/password/reset, then sign in again with the
 * new password (the API revokes older sessions) and clear passwordChangeNeeded locally, which unlocks the app.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const { user, setUser } = useCurrentUser();
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('profile.passwordTitle')}
      </Typography>
      <Formik
        initialValues={{ password: '', passwordRepeat: '' }}
        validationSchema={passwordRepeatSchema}
        onSubmit={async (values, helpers) => {
          try {
            await changePassword({ mail: user.mail, password: values.password });
          } catch (error) {
            notify.error(error instanceof ApiError ? errorText(error.code) : t('reset.failed'));
            return;
          }
          try {
            await authActions.signIn(user.mail, values.password, { countLogin: false });
          } catch (error) {
            console.warn('re-sign-in after password change failed', error);
          }
          notify.success(t('profile.passwordChanged'));
          helpers.resetForm();
          setUser({ ...user, passwordChangeNeeded: false });
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2} sx={{ maxWidth: 420 }}>
              <FormTextField name="password" labelKey="profile.newPassword" type="password" autoComplete="new-password" required />
              <FormTextField name="passwordRepeat" labelKey="reset.passwordRepeat" type="password" autoComplete="new-password" required />
              <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
                {t('profile.changePassword')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
