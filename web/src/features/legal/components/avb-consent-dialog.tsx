import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { AVB_VERSION, avbConsentNeeded } from '@model/consent';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { formatDay } from '@/lib/format';
import { useAcceptConsent } from '../api/accept-consent';

/**
 * The blocking question after the sign-in when the AVB in force are not the ones the customer's user accepted (or he
 * has none on record): a dialog over every page that cannot be dismissed. Accepting records the version
 * (POST /user/consent) and closes it; declining signs out. The AVB open in a new tab.
 */
export function AvbConsentDialog() {
  const { t } = useTranslation('legal');
  const { user, setUser, logout } = useCurrentUser();
  const accept = useAcceptConsent({ mutationConfig: { onSuccess: (answer) => setUser(answer) } });
  if (!avbConsentNeeded(user, user.company.type)) return null;
  const changed = user.acceptedTerms?.avb !== undefined;
  return (
    <Dialog open aria-labelledby="avb-consent-title" aria-describedby="avb-consent-text">
      <DialogTitle id="avb-consent-title">{t(changed ? 'consent.changedTitle' : 'consent.firstTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="avb-consent-text" sx={{ mb: 2 }}>
          {t(changed ? 'consent.changedText' : 'consent.firstText', { date: formatDay(AVB_VERSION) })}
        </DialogContentText>
        <Link component={RouterLink} to={paths.legal.avb.getHref()} target="_blank" rel="noopener">
          {t('consent.read')}
        </Link>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void logout()} disabled={accept.isPending}>
          {t('consent.decline')}
        </Button>
        <Button
          variant="contained"
          onClick={() => accept.mutate({ document: 'avb', version: AVB_VERSION })}
          disabled={accept.isPending}
        >
          {t('consent.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
