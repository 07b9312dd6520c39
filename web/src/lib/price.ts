import { priceSchema } from '@model/price';

/**
 * A price as the forms show and read it (the offer's price, the enquiry's target price): EUR in German format
 * ("1.234,50"). A comma is the decimal mark and dots group thousands; without a comma a single dot before one or
 * two final digits is read as the decimal mark too ("12.5" means 12,50 €), as people paste prices from other tools.
 */
const grouped = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPriceInput(value: number | undefined | null): string {
  return value === undefined || value === null || Number.isNaN(value) ? '' : grouped.format(value);
}

/** undefined for an empty box (required), NaN for text that is no amount (the schema says 'invalid value'). */
export function parsePriceInput(text: string | number | undefined | null): number | undefined {
  if (typeof text === 'number') return text;
  const s = (text ?? '').replace(/\s|€/g, '');
  if (s === '') return undefined;
  const decimalDot = !s.includes(',') && /^-?\d+\.\d{1,2}$/.test(s);
  const normalised = decimalDot ? s : s.replace(/\./g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** Would the model accept this price (≥ 0, at most the maximum, whole cents)? */
export function isValidPrice(value: number | undefined): boolean {
  return priceSchema().isValidSync(value);
}
