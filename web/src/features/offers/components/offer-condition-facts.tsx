import { useTranslation } from 'react-i18next';
import { applicableJobConditions, individualTextApplies } from '@model/job-conditions';
import type { Offer, OfferTerms } from '@model/offer';
import { FactList, type Fact } from '@/components/record-summary';
import { copiedFieldLabel, copiedFieldValue } from './offer-field-labels';

/** "Anfrage: <value>" under a line whose value differs from the enquiry's. */
function originalNote(t: ReturnType<typeof useTranslation>['t'], field: string, offer: Offer, original?: OfferTerms) {
  if (!original) return undefined;
  const now = (offer as unknown as Record<string, unknown>)[field] ?? null;
  const before = (original as unknown as Record<string, unknown>)[field] ?? null;
  return now === before ? undefined : t('original', { value: copiedFieldValue(t, field, before) });
}

/**
 * The offer's project data, read: offer number, the copied fields and both parties' texts (price and delivery date
 * are in the summary's header).
 */
export function OfferProjectFacts({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const copied = (field: keyof OfferTerms): Fact => ({
    id: field,
    label: copiedFieldLabel(t, field),
    value: copiedFieldValue(t, field, offer[field]),
    note: originalNote(t, field, offer, offer.original),
  });
  const facts: Fact[] = [
    { id: 'offerNumber', label: t('field.offerNumber'), value: offer.offerNumber },
    copied('referenceNumber'),
    copied('deliveryCondition'),
    copied('amount'),
    ...(offer.additionalInfo || offer.original?.additionalInfo
      ? [
          {
            id: 'additionalInfo',
            label: t('field.additionalInfo'),
            value: offer.additionalInfo || offer.original?.additionalInfo,
          },
        ]
      : []),
    ...(offer.additionalInfoSupplier
      ? [
          {
            id: 'additionalInfoSupplier',
            label: t('field.additionalInfoSupplier'),
            value: offer.additionalInfoSupplier,
          },
        ]
      : []),
  ];
  return <FactList facts={facts} />;
}

/**
 * The offer's job conditions, read: every condition that applies (the model's `applicableJobConditions`) as
 * "label: value", its free text, and "Anfrage: <value>" where the offer deviates from the enquiry.
 */
export function OfferConditionFacts({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const values = offer as unknown as Record<string, unknown>;
  return (
    <FactList
      facts={applicableJobConditions(offer).map((field) => {
        const text = values[`${field}Individual`];
        const individual = individualTextApplies(offer, field) && typeof text === 'string' && text ? text : undefined;
        const original = originalNote(t, field, offer, offer.original);
        return {
          id: field,
          label: copiedFieldLabel(t, field),
          value: copiedFieldValue(t, field, values[field]),
          note: individual && original ? `${individual}\n${original}` : (individual ?? original),
        };
      })}
    />
  );
}
