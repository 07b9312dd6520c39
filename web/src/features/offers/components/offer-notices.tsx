import { Alert, AlertTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OfferWithOutdated } from '../api/get-offer';
import { enquiryStandingNotice } from './offer-chips';

/**
 * What the reader of an offer must know before acting: where its enquiry stands (withdrawn, archived, closed by
 * another order - no accept, release or revision then), that a newer version replaced it, that the customer uploaded
 * newer documents since, and why it was declined.
 */
export function OfferNotices({ offer }: { offer: OfferWithOutdated }) {
  const { t } = useTranslation('offers');
  const standing = enquiryStandingNotice(offer);
  if (!standing && !offer.invalidated && !offer.outdated && !(offer.state === 'DECLINED' && offer.rejectionReason))
    return null;
  return (
    <Stack spacing={1} data-testid="offer-notices">
      {standing && (
        <Alert severity="info" data-testid="standing-notice">
          <AlertTitle>{t(`standing.${standing}`)}</AlertTitle>
          {t(`standingHint.${standing}`)}
        </Alert>
      )}
      {offer.invalidated && <Alert severity="info">{t('info.invalidated')}</Alert>}
      {offer.outdated && <Alert severity="warning">{t('outdatedHint')}</Alert>}
      {offer.state === 'DECLINED' && offer.rejectionReason && (
        <Alert severity="error">
          {t('info.declined', {
            reason:
              offer.rejectionReason === 'INDIVIDUAL' && offer.rejectionReasonIndividual
                ? offer.rejectionReasonIndividual
                : t(`rejectionReasons.${offer.rejectionReason}`),
          })}
        </Alert>
      )}
    </Stack>
  );
}
