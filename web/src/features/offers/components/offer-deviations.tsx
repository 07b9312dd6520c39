import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { offerDeviations, type OfferTerms } from '@model/offer';
import { copiedFieldLabel, copiedFieldValue } from './offer-field-labels';

/** The copied fields of the offer that differ from the enquiry's (the customer's text aside). */
function deviatingFields(values: OfferTerms, original: OfferTerms) {
  return offerDeviations({ ...values, additionalInfo: original.additionalInfo }, original).filter(
    (f) => f !== 'additionalInfo',
  );
}

/** The copied fields that differ from the enquiry, each as "label: value (Anfrage: original)". */
export function OfferDeviations({ values, original }: { values: OfferTerms; original: OfferTerms }) {
  const { t } = useTranslation('offers');
  const fields = deviatingFields(values, original);
  if (fields.length === 0) return <Typography variant="body2">{t('deviations.none')}</Typography>;
  const current = values as unknown as Record<string, unknown>;
  const before = original as unknown as Record<string, unknown>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="deviations">
      {fields.map((f) => (
        <li key={f}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('deviations.line', {
              label: copiedFieldLabel(t, f),
              value: copiedFieldValue(t, f, current[f]),
              original: copiedFieldValue(t, f, before[f]),
            })}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
