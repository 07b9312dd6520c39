import { Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { OfferWithOutdated } from '../api/get-offer';
import { EnquiryStandingChip, OfferStateChip, OfferTagChip, OutdatedChip } from './offer-chips';
import { OfferNotices } from './offer-notices';

/** The other versions of the offer, as links. */
export function VersionLinks({ offer }: { offer: OfferWithOutdated }) {
  const { t } = useTranslation('offers');
  return (
    <>
      {offer.previousOfferId && (
        <Link component={RouterLink} to={paths.offers.detail.getHref(offer.previousOfferId)} variant="body2">
          {t('info.previous')}
        </Link>
      )}
      {offer.nextOfferId && (
        <Link component={RouterLink} to={paths.offers.detail.getHref(offer.nextOfferId)} variant="body2">
          {t('info.next')}
        </Link>
      )}
    </>
  );
}

/** The draft's header on the form: state, version and its siblings, the enquiry, the revisions it priced, notices. */
export function OfferInfo({ offer }: { offer: OfferWithOutdated }) {
  const { t } = useTranslation('offers');
  return (
    <Stack spacing={1} data-testid="offer-info">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <OfferStateChip state={offer.state} />
        <OfferTagChip offer={offer} />
        {offer.outdated && <OutdatedChip />}
        <EnquiryStandingChip offer={offer} />
        <Typography variant="body2">{t('info.version', { version: offer.version })}</Typography>
        <VersionLinks offer={offer} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {offer.enquiryTitle} · {offer.supplierName} → {offer.customerName} ·{' '}
        <Link component={RouterLink} to={paths.enquiries.detail.getHref(offer.enquiryId)}>
          {t('info.enquiry')}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('info.revisions', { bom: offer.enquiryBomRevision, circuitDiagram: offer.enquiryCircuitDiagramRevision })}
      </Typography>
      <OfferNotices offer={offer} />
    </Stack>
  );
}
