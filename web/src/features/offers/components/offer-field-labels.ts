import type { TFunction } from 'i18next';
import { JOB_CONDITION_CHOICES, JOB_CONDITION_FLAGS } from '@model/job-conditions';
import { formatDay } from '@/lib/format';

/** The project fields an offer copies from its enquiry (the rest of OFFER_COPIED_FIELDS are job conditions). */
const PROJECT_FIELDS = ['referenceNumber', 'deliveryCondition', 'desiredDeliveryDate', 'amount', 'additionalInfo'];

/** The German label of a copied field: the enquiry area's labels (project data and job conditions). */
export function copiedFieldLabel(t: TFunction, field: string): string {
  return PROJECT_FIELDS.includes(field) ? t(`enquiries:field.${field}`) : t(`enquiries:condition.${field}`);
}

/** A copied field's value as the enquiry form shows it (choices and delivery conditions by their German names). */
export function copiedFieldValue(t: TFunction, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('enquiries:none');
  if ((JOB_CONDITION_FLAGS as readonly string[]).includes(field)) return t(value ? 'offers:yes' : 'offers:no');
  if (field === 'deliveryCondition') return t(`enquiries:deliveryConditions.${String(value)}`);
  if (field === 'desiredDeliveryDate') return formatDay(String(value));
  if (field in JOB_CONDITION_CHOICES) return t(`enquiries:values.${String(value)}`);
  return String(value);
}
