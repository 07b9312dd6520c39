import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Offer } from '@model/offer';
import { offerSide, type OfferCaller } from '@model/permissions-offers';
import { RecordPanels } from '@/components/record-panels';
import { FactList, RecordLayout, RecordSummary, SummarySection } from '@/components/record-summary';
import { paths } from '@/config/paths';
import type { WebPrincipal } from '@/lib/current-user/principal';
import { formatDateTime, formatDay, formatEur } from '@/lib/format';
import type { OfferWithOutdated } from '../api/get-offer';
import { OfferActions, availableActions } from './offer-actions';
import { EnquiryStandingChip, OfferStateChip, OfferTagChip, OutdatedChip } from './offer-chips';
import { OfferConditionFacts, OfferProjectFacts } from './offer-condition-facts';
import { OfferDeviations } from './offer-deviations';
import { offerListHref } from './offer-href';
import { VersionLinks } from './offer-info';
import { OfferNotices } from './offer-notices';

/** The price, the one figure the customer came for: large, in German format. */
function Price({ price }: { price: number }) {
  const { t } = useTranslation('offers');
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('field.priceShort')}
      </Typography>
      <Typography variant="h3" component="p" sx={{ fontWeight: 700, fontSize: '1.75rem' }} data-testid="summary-price">
        {formatEur(price)}
      </Typography>
    </Box>
  );
}

/**
 * An offer the caller cannot change (the customer always; the supplier once released), read, not edited: the header
 * carries what matters - state, counterparty, price, delivery date, version, the deviations from the enquiry, where
 * the enquiry stands - and the actions of the transition table (OfferActions; fixed at the bottom on a phone). The
 * project data and job conditions follow as lists, the documents panel beside them from `lg`.
 */
export function OfferSummary({ offer, caller }: { offer: OfferWithOutdated; caller: WebPrincipal & OfferCaller }) {
  const { t } = useTranslation('offers');
  const supplier = offerSide(caller, offer) === 'supplier';
  const key = [
    supplier
      ? { id: 'customerName', label: t('field.customerName'), value: offer.customerName }
      : { id: 'supplierName', label: t('field.supplierName'), value: offer.supplierName },
    { id: 'desiredDeliveryDate', label: t('field.desiredDeliveryDate'), value: formatDay(offer.desiredDeliveryDate) },
    {
      id: 'version',
      label: t('field.version'),
      value: (
        <Stack direction="row" spacing={1.5} component="span" sx={{ flexWrap: 'wrap' }}>
          <span>{offer.version}</span>
          <VersionLinks offer={offer} />
        </Stack>
      ),
    },
    {
      id: 'enquiry',
      label: t('field.enquiryTitle'),
      value: (
        <Link component={RouterLink} to={paths.enquiries.detail.getHref(offer.enquiryId)}>
          {offer.enquiryTitle}
        </Link>
      ),
      note: t('info.revisions', {
        bom: offer.enquiryBomRevision,
        circuitDiagram: offer.enquiryCircuitDiagramRevision,
      }),
    },
    ...(offer.releaseDate
      ? [{ id: 'releaseDate', label: t('field.releaseDate'), value: formatDateTime(offer.releaseDate) }]
      : []),
  ];
  const actions = availableActions(caller, offer as Offer).length > 0;
  return (
    <RecordLayout
      header={
        <RecordSummary
          title={t('viewTitle')}
          name={offer.offerNumber}
          status={
            <>
              <OfferStateChip state={offer.state} />
              <OfferTagChip offer={offer} />
              {offer.outdated && <OutdatedChip />}
              <EnquiryStandingChip offer={offer} />
            </>
          }
          testId="offer-info"
          backTo={offerListHref(offer)}
          actions={actions ? <OfferActions offer={offer} caller={caller} /> : undefined}
        >
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
              <Price price={offer.price} />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <FactList facts={key} dense />
              </Box>
            </Stack>
            <OfferNotices offer={offer} />
            {offer.original && (
              <Box component="section" aria-labelledby="offer-deviations">
                <Typography variant="subtitle1" component="h2" id="offer-deviations" sx={{ fontWeight: 600 }}>
                  {t('sections.deviations')}
                </Typography>
                <OfferDeviations values={offer} original={offer.original} />
              </Box>
            )}
          </Stack>
        </RecordSummary>
      }
      main={
        <>
          <SummarySection title={t('sections.projectData')} id="offer-project-data">
            <OfferProjectFacts offer={offer} />
          </SummarySection>
          <SummarySection title={t('enquiries:sections.jobConditions')} id="offer-job-conditions">
            <OfferConditionFacts offer={offer} />
          </SummarySection>
        </>
      }
      side={<RecordPanels record="offer" value={offer} caller={caller} canChange={false} />}
    />
  );
}
