/** Price maths of the spec (section 9): line price, estimated range, success rate, German EUR. */

/** Rounds half away from zero to 2 decimals without binary artefacts (1.005 → 1.01). */
export function roundTo2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  const s = abs.toString();
  // exponent shifting on the decimal string avoids 1.005*100 = 100.49999999999999
  const shifted = s.includes('e') ? abs * 100 : Number(`${s}e2`);
  const r = Math.round(shifted);
  return sign * (s.includes('e') ? r / 100 : Number(`${r}e-2`)) || 0;
}

export interface LinePriceInput {
  listPrice?: number | null;
  priceUnitSize?: number | null;
  quantity?: number | null;
  discountPercent?: number | null;
}

/**
 * list price / price unit size (default 1) × quantity (default 1) × (100 − discount %) / 100,
 * rounded to 2 decimals; 0 without list price.
 */
export function linePrice({ listPrice, priceUnitSize, quantity, discountPercent }: LinePriceInput): number {
  if (listPrice == null || !Number.isFinite(listPrice)) return 0;
  const unit = priceUnitSize && priceUnitSize > 0 ? priceUnitSize : 1;
  const qty = quantity == null || !Number.isFinite(quantity) ? 1 : quantity;
  const discount = discountPercent == null || !Number.isFinite(discountPercent) ? 0 : discountPercent;
  return roundTo2(((listPrice / unit) * qty * (100 - discount)) / 100);
}

export const PRICE_RANGE_MIN_FACTOR = 1.02;
export const PRICE_RANGE_MAX_FACTOR = 1.3;

export interface PricedLine extends LinePriceInput {
  isSuppliedPart?: boolean | null;
}

export interface PriceEstimate {
  /** sum of the rounded line prices of all non-supplied lines */
  total: number;
  min: number;
  max: number;
  /** e.g. "1.020,00 € – 1.300,00 €" (Intl uses a no-break space before €) */
  formatted: string;
}

/** Estimated price range: 102 %–130 % of the summed line prices; supplied parts are ignored. */
export function estimatePrice(lines: readonly PricedLine[]): PriceEstimate {
  let cents = 0; // sum in integer cents so thousands of lines do not drift
  for (const l of lines) {
    if (l.isSuppliedPart) continue;
    cents += Math.round(linePrice(l) * 100);
  }
  const total = cents / 100;
  const min = roundTo2(total * PRICE_RANGE_MIN_FACTOR);
  const max = roundTo2(total * PRICE_RANGE_MAX_FACTOR);
  return { total, min, max, formatted: `${formatEur(min)} – ${formatEur(max)}` };
}

const EUR = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** German EUR, e.g. 1234.56 → "1.234,56 €". */
export function formatEur(value: number): string {
  return EUR.format(value);
}

/** Share of lines without bomError, in percent with 2 decimals; 0 lines → 0. */
export function successRate(lines: readonly { bomError?: unknown }[]): number {
  if (lines.length === 0) return 0;
  const ok = lines.reduce((n, l) => (l.bomError == null ? n + 1 : n), 0);
  return roundTo2((ok / lines.length) * 100);
}
