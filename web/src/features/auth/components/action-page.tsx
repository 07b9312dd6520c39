import { useEffect, useState } from 'react';
import { Alert, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { authActions } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { log } from '@/lib/log';

/**
 * /action - the e-mail action handler: mode=resetPassword verifies the oobCode and continues at /reset
 * with { mail, oobCode }; a missing code goes to /; any other mode is rejected with an error.
 */
export function ActionPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const invalidMode = Boolean(oobCode) && mode !== 'resetPassword';
  const [verifyFailed, setVerifyFailed] = useState(false);
  const error = invalidMode ? t('action.invalidMode') : verifyFailed ? t('reset.failed') : null;

  useEffect(() => {
    if (!oobCode) return;
    if (mode !== 'resetPassword') {
      notify.error(t('action.invalidMode'));
      return;
    }
    let cancelled = false;
    authActions
      .verifyResetCode(oobCode)
      .then((mail) => {
        if (!cancelled) navigate(paths.auth.reset.getHref(), { replace: true, state: { mail, oobCode } });
      })
      .catch((e: unknown) => {
        log.warn('verifyPasswordResetCode failed', e);
        if (!cancelled) {
          setVerifyFailed(true);
          notify.error(t('reset.failed'));
        }
      });
    return () => {
      cancelled = true;
    };
  }, [mode, oobCode, navigate, t]);

  if (!oobCode) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <AuthLayout title={t('action.title')} links={[{ to: paths.auth.login.getHref(), labelKey: 'auth:forget.toLogin' }]}>
      {error ? <Alert severity="error">{error}</Alert> : <CircularProgress aria-label={t('common.loading')} />}
    </AuthLayout>
  );
}
