import { useContext, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { TextInput } from '@/components/form-page/text-input';
import { paths } from '@/config/paths';
import { authActions } from '@/lib/auth';
import { CurrentUserContext } from '@/lib/current-user/current-user-context';
import { log } from '@/lib/log';

/**
 * /business-data/invite/{id} (spec 2): the sign-in of invited users. A first-time invitee sets his password through
 * the mailed link (/action → /reset) and signs in here; once signed in, the folder opens (/business-data/{id}).
 * Without an id (any other signed-out path shows this screen, spec 2) the sign-in continues at the start page.
 */
export function InvitePage() {
  const { t } = useTranslation('business-data');
  const { id } = useParams();
  const signedIn = useContext(CurrentUserContext) !== null;
  const [mail, setMail] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  if (signedIn) return <Navigate to={id ? paths.businessData.detail.getHref(id) : paths.home.getHref()} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !mail.trim() || !password) return;
    setBusy(true);
    setFailed(false);
    try {
      // the signed-in app takes over at this address and continues at the folder
      await authActions.signIn(mail.trim(), password);
    } catch (error) {
      log.warn('invitation sign-in failed', (error as { code?: string }).code);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ maxWidth: 440, mx: 'auto' }}>
      <Typography variant="h2" component="h1">
        {t('invite.title')}
      </Typography>
      <Typography>{t('invite.intro')}</Typography>
      <TextInput
        id="invite-mail"
        name="mail"
        type="email"
        autoComplete="username"
        label={t('invite.mail')}
        value={mail}
        onChange={(e) => setMail(e.target.value)}
        required
      />
      <TextInput
        id="invite-password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('invite.password')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={failed}
        helperText={failed ? t('errors.authFailed') : undefined}
        required
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {t('invite.submit')}
      </Button>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.auth.forget.getHref()}>
          {t('invite.forget')}
        </Link>
        {id && (
          <Link component={RouterLink} to={paths.businessData.detail.getHref(id)}>
            {t('invite.withPassword')}
          </Link>
        )}
      </Stack>
    </Stack>
  );
}
