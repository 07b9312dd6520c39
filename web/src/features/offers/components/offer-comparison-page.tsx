import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { OfferCaller } from '@model/permissions-offers';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { formatDay, formatEur } from '@/lib/format';
import { useOfferComparison } from '../api/compare-offers';
import type { ComparedOffer } from '../api/offer-types';
import { OfferActions } from './offer-actions';
import { OfferStateChip, OutdatedChip } from './offer-chips';
import { copiedFieldLabel, copiedFieldValue } from './offer-field-labels';
import { offerHref } from './offer-href';

export const COMPARISON_SORTS = ['price', 'date', 'supplier'] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];

/** Price and delivery date ascending (cheapest, earliest first), supplier A-Z; ties by supplier name. */
export function sortOffers(offers: readonly ComparedOffer[], by: ComparisonSort): ComparedOffer[] {
  const name = (a: ComparedOffer, b: ComparedOffer) => a.supplierName.localeCompare(b.supplierName, 'de');
  const compare: Record<ComparisonSort, (a: ComparedOffer, b: ComparedOffer) => number> = {
    price: (a, b) => a.price - b.price || name(a, b),
    date: (a, b) => a.desiredDeliveryDate.localeCompare(b.desiredDeliveryDate) || name(a, b),
    supplier: name,
  };
  return [...offers].sort(compare[by]);
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** One released offer in the comparison: its facts, its deviations from the enquiry, open and accept / decline. */
function ComparedOfferCard({
  offer,
  enquiry,
  caller,
}: {
  offer: ComparedOffer;
  enquiry: Record<string, unknown> | undefined;
  caller: OfferCaller;
}) {
  const { t } = useTranslation('offers');
  const navigate = useNavigate();
  return (
    <Card data-testid="compared-offer" variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="compared-supplier">
            {offer.supplierName}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <OfferStateChip state={offer.state} />
            {offer.outdated && <OutdatedChip />}
          </Stack>
          <Row label={t('field.offerNumber')}>{offer.offerNumber}</Row>
          <Row label={t('field.version')}>{offer.version}</Row>
          <Row label={t('field.priceShort')}>
            <strong data-testid="compared-price">{formatEur(offer.price)}</strong>
          </Row>
          <Row label={t('field.deliveryCondition')}>{t(`enquiries:deliveryConditions.${offer.deliveryCondition}`)}</Row>
          <Row label={t('field.desiredDeliveryDate')}>{formatDay(offer.desiredDeliveryDate)}</Row>
          <Typography variant="subtitle2" sx={{ pt: 1 }}>
            {t('sections.deviations')}
          </Typography>
          {offer.deviations.length === 0 ? (
            <Typography variant="body2">{t('deviations.none')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="compared-deviations">
              {offer.deviations.map((field) => (
                <li key={field}>
                  <Typography variant="body2">
                    {t('deviations.line', {
                      label: copiedFieldLabel(t, field),
                      value: copiedFieldValue(t, field, (offer as unknown as Record<string, unknown>)[field]),
                      original: copiedFieldValue(t, field, enquiry?.[field]),
                    })}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" onClick={() => navigate(offerHref(offer))}>
          {t('actions.open')}
        </Button>
        <OfferActions offer={offer} caller={caller} />
      </CardActions>
    </Card>
  );
}

/**
 * /enquiry/:id/offers (issue 9 "beyond the spec"): the customer's released offers on one enquiry side by
 * side - supplier, version, price, delivery, state, outdated marker and every deviation from the enquiry's
 * job conditions with both values - sortable, with accept / decline from the table (OfferActions).
 */
export function OfferComparisonPage() {
  const { t } = useTranslation('offers');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const caller: OfferCaller = principalOf(user);
  const comparison = useOfferComparison({ enquiryId: id });
  const [sort, setSort] = useState<ComparisonSort>('price');
  const offers = useMemo(() => sortOffers(comparison.data?.offers ?? [], sort), [comparison.data, sort]);
  const enquiry = comparison.data?.enquiry as Record<string, unknown> | undefined;

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(paths.enquiries.detail.getHref(id))}>
        {t('compare.back')}
      </Button>
      <Typography variant="h1" sx={{ mt: 1 }}>
        {t('compare.title')}
      </Typography>
      {comparison.data && (
        <Typography variant="body2" color="text.secondary">
          {t('compare.subtitle', {
            title: comparison.data.enquiry.title,
            referenceNumber: comparison.data.enquiry.referenceNumber,
          })}
        </Typography>
      )}
      {comparison.isPending ? (
        <CircularProgress sx={{ mt: 3 }} aria-label={t('common:common.loading')} />
      ) : comparison.isError ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          {t('errors.enquiryNotFound')}
        </Alert>
      ) : offers.length === 0 ? (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('compare.empty')}
        </Alert>
      ) : (
        <>
          <TextField
            select
            id="compare-sort"
            label={t('compare.sortBy')}
            value={sort}
            onChange={(e) => setSort(e.target.value as ComparisonSort)}
            // as wide as its choices, not the page (a single card must not sit under a page-wide box)
            fullWidth={false}
            sx={{ mt: 3, width: { xs: '100%', sm: 240 } }}
          >
            {COMPARISON_SORTS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`compare.sort.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box
            sx={{
              mt: 2,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' },
            }}
          >
            {offers.map((offer) => (
              <ComparedOfferCard key={offer.id} offer={offer} enquiry={enquiry} caller={caller} />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
