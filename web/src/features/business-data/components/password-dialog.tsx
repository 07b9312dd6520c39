import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { folderPasswordRefusal } from '@model/business-data';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useSetFolderPassword } from '../api/set-folder-password';

/**
 * Create or reset the folder's password (spec 5: at least 6 characters and equal, the spec's German errors from the
 * model's rule - the same the API answers). `onDone` runs after it was set (e.g. turning anonymous access on).
 */
export function PasswordDialog({
  offerId,
  open,
  reset,
  onClose,
  onDone,
}: {
  offerId: string;
  open: boolean;
  /** a password exists: the dialog resets it */
  reset: boolean;
  onClose: () => void;
  onDone?: () => Promise<unknown> | void;
}) {
  const { t } = useTranslation('business-data');
  const setPassword = useSetFolderPassword();
  const [password, setValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const refusal = folderPasswordRefusal(password, repeat);
  const close = () => {
    setValue('');
    setRepeat('');
    setSubmitted(false);
    onClose();
  };
  const submit = async () => {
    setSubmitted(true);
    if (refusal) return notify.error(t(`errors.${refusal}`));
    try {
      await setPassword.mutateAsync({ offerId, password, passwordRepeat: repeat });
      notify.success(t('password.created'));
      close();
      await onDone?.();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="folder-password-title" fullWidth maxWidth="xs">
      <DialogTitle id="folder-password-title">{t(reset ? 'password.resetTitle' : 'password.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('password.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setValue(e.target.value)}
            error={submitted && refusal === 'shortPassword'}
            helperText={submitted && refusal === 'shortPassword' ? t('errors.shortPassword') : undefined}
          />
          <TextField
            label={t('password.repeat')}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={submitted && refusal === 'passwordMismatch'}
            helperText={submitted && refusal === 'passwordMismatch' ? t('errors.passwordMismatch') : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common:common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={setPassword.isPending}>
          {t('password.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
