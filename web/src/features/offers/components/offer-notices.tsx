import { Alert, AlertTitle, Stack, type AlertColor } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate } from '@/lib/format';
import type { OfferWithOutdated } from '../api/get-offer';
import { enquiryStandingNotice } from './offer-chips';

/** Where an order or a job stands (issue 32): until when the order binds, when it lapsed, the job's end. */
function stateNotice(offer: OfferWithOutdated, t: TFunction<'offers'>) {
  const date = (d: Date | undefined) => formatDate(d);
  switch (offer.state) {
    case 'ACCEPTED':
      return offer.lapseDate && { severity: 'info', text: t('info.lapses', { date: date(offer.lapseDate) }) };
    case 'LAPSED':
      return { severity: 'warning', text: t('info.lapsed', { date: date(offer.lapseDate) }) };
    case 'DELIVERED':
      return { severity: 'info', text: t('info.delivered', { date: date(offer.deliveredDate) }) };
    case 'FINISHED':
      return { severity: 'success', text: t('info.finished', { date: date(offer.finishedDate) }) };
    case 'CANCELLED':
      return {
        severity: 'error',
        text: t('info.cancelled', { date: date(offer.cancelledDate), reason: offer.cancellationReason ?? '' }),
      };
    default:
      return undefined;
  }
}

/**
 * What the reader of an offer must know before acting: where its enquiry stands (withdrawn, archived, closed by
 * another order - no accept, release or revision then), that a newer version replaced it, that the customer uploaded
 * newer documents since, why it was declined, and where an order or a job stands.
 */
export function OfferNotices({ offer }: { offer: OfferWithOutdated }) {
  const { t } = useTranslation('offers');
  const standing = enquiryStandingNotice(offer);
  const state = stateNotice(offer, t) || undefined;
  const declined = offer.state === 'DECLINED' && offer.rejectionReason;
  if (!standing && !offer.invalidated && !offer.outdated && !declined && !state) return null;
  return (
    <Stack spacing={1} data-testid="offer-notices">
      {state && (
        <Alert severity={state.severity as AlertColor} data-testid="state-notice">
          {state.text}
        </Alert>
      )}
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
