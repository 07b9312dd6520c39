import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type Offer } from '@model/offer';
import { isJobState, OFFER_STATE_COLORS, type OfferState } from '@model/offer-states';

/** Spec 01 §4: the state tag in the spec's colours (white text on each). */
export function OfferStateChip({ state }: { state: OfferState }) {
  const { t } = useTranslation('offers');
  return (
    <Chip
      size="small"
      label={t(`state.${state}`)}
      sx={{ bgcolor: OFFER_STATE_COLORS[state], color: '#fff', fontWeight: 600 }}
      data-testid={`state-${state}`}
    />
  );
}

export type OfferTag = 'archived' | 'released' | 'default';

/** Spec 01 §4 "Offer list tag": archived, released or default (a draft). */
export function offerTag(offer: Pick<Offer, 'archived' | 'released'>): OfferTag {
  if (offer.archived) return 'archived';
  if (offer.released) return 'released';
  return 'default';
}

export function OfferTagChip({ offer }: { offer: Pick<Offer, 'archived' | 'released'> }) {
  const { t } = useTranslation('offers');
  const tag = offerTag(offer);
  return (
    <Chip
      size="small"
      variant={tag === 'default' ? 'outlined' : 'filled'}
      color={tag === 'released' ? 'primary' : 'default'}
      label={t(`tag.${tag}`)}
      data-testid={`tag-${tag}`}
    />
  );
}

/** The 'veraltet' marker: the enquiry has a newer BOM or circuit diagram than the one the offer priced. */
export function OutdatedChip() {
  const { t } = useTranslation('offers');
  return <Chip size="small" color="warning" label={t('outdated')} title={t('outdatedHint')} data-testid="outdated" />;
}

/** Where the enquiry stands, as far as the offer is concerned: what the offer list and page point out. */
export type EnquiryStandingNotice = 'reopened' | 'archived' | 'closed';

/**
 * The enquiry's standing worth a notice: withdrawn (reopened) or archived by the customer; closed (by an order)
 * while this offer is still OPEN - the offer can no longer be accepted. An open enquiry, a closed one of an
 * accepted or confirmed offer (its own order closed it), or an archived one of a job (the customer put the done
 * enquiry away; the job stands) needs none.
 */
export function enquiryStandingNotice(
  offer: Pick<Offer, 'enquiryStanding' | 'state'>,
): EnquiryStandingNotice | undefined {
  const standing = offer.enquiryStanding ?? 'open';
  if (standing === 'open') return undefined;
  if (standing === 'closed' && offer.state !== 'OPEN') return undefined;
  if (standing === 'archived' && isJobState(offer.state)) return undefined;
  return standing;
}

/** 'Anfrage zurückgezogen', 'Anfrage archiviert', 'Anfrage abgeschlossen' - only when there is something to say. */
export function EnquiryStandingChip({ offer }: { offer: Pick<Offer, 'enquiryStanding' | 'state'> }) {
  const { t } = useTranslation('offers');
  const notice = enquiryStandingNotice(offer);
  if (!notice) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`standing.${notice}`)}
      // a warning's border, the text in the body colour (readable at 4.5:1)
      sx={notice === 'closed' ? undefined : { borderColor: 'warning.main', color: 'text.primary' }}
      data-testid={`standing-${notice}`}
    />
  );
}
