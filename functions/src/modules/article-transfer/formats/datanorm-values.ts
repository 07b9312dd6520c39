import type { ArticleMappableField } from '../../../model/bom/fields.js';
import {
  add,
  catalogPrices,
  divide,
  HUNDRED,
  implied,
  isNegative,
  mul,
  ONE,
  parseDecimal,
  round,
  sub,
  toNumber,
  type Dec,
} from './decimals.js';
import type { SourceRecordProblem } from './source-records.js';

/** DATANORM field values: prices, discounts, and how a price lands in an article's values. */

export const DATANORM_REASONS = {
  recordType: 'Unbekannte Satzart',
  articleNumber: 'Artikelnummer fehlt',
  priceUnit: 'Ungültige Preiseinheit (erlaubt: 0–3 für 1, 10, 100, 1000)',
  price: 'Ungültiger Preis',
  decimals: 'Preis mit mehr als zwei Nachkommastellen (DATANORM-Preise sind ganze Cent je Preiseinheit)',
  priceFlag: 'Ungültiges Preiskennzeichen (erlaubt: 1 Listenpreis, 2 Nettopreis, 9 Preis auf Anfrage)',
  deletion: 'Löschsätze werden nicht übernommen; der Artikel bleibt bestehen',
  numberChange: 'Artikelnummernänderungen werden nicht übernommen',
  discountGroup: 'Rabattgruppe fehlt',
  discount: 'Ungültiger Rabatt',
  header: 'Vorlaufsatz (V) fehlt oder ist unlesbar; DATANORM 4 angenommen',
} as const;

export type Values = Partial<Record<ArticleMappableField, string>>;

export const problem = (row: number, column: string, reason: string): SourceRecordProblem => ({
  kind: 'problem',
  rowNumber: row,
  column,
  reason,
});

/** A price: integer cents (the format's two implied decimals, 4590 = 45.90) or an explicit decimal ('12,50', '12.50'). */
export function parsePrice(raw: string): Dec | undefined {
  const s = raw.trim();
  if (/^-?\d+$/.test(s)) return implied(BigInt(s), 2);
  if (/^-?\d+[.,]\d+$/.test(s)) return parseDecimal(s);
  return undefined;
}

/**
 * The factor a discount of a P or R record leaves of the price: Rabattkennzeichen 1 = rate (two implied decimals,
 * 5500 = 55 % → × 0.45), 2 = multiplier (three implied decimals, 0750 = × 0.75), 3 = surcharge (two implied decimals,
 * 500 = 5 % → × 1.05). An explicit decimal ('55,5') is taken as written. undefined when the flag is empty or 0 (none),
 * null when unreadable.
 */
export function discountFactor(flag: string, raw: string): Dec | null | undefined {
  if (flag === '' || flag === '0' || raw.trim() === '') return undefined;
  const s = raw.trim();
  const value = /^\d+$/.test(s)
    ? implied(BigInt(s), flag === '2' ? 3 : 2)
    : /^\d+[.,]\d+$/.test(s)
      ? parseDecimal(s)
      : undefined;
  if (!value) return null;
  if (flag === '1') return sub(ONE, divide(value, HUNDRED, 6));
  if (flag === '2') return value;
  if (flag === '3') return add(ONE, divide(value, HUNDRED, 6));
  return null;
}

/** A discount as percent (negative for a surcharge), two decimals: 1 − factor. */
export function discountPercent(flag: string, raw: string): number | null | undefined {
  const factor = discountFactor(flag, raw);
  return factor ? toNumber(round(mul(sub(ONE, factor), HUNDRED), 2)) : factor;
}

/** Where a price stands in the file, for the problem it may give. */
export interface PriceSource {
  row: number;
  column: string;
}

/**
 * Applies one price (P or A) to values: 1 = list price, 2 = net (purchase) price, 9 = on request (none). The price
 * stays per the file's Preiseinheit, which becomes priceUnitSize (`unit`; undefined when this file does not say:
 * the stored article's stays). A discount of a list price gives the purchase price, rounded half up to cents.
 */
export function applyPrice(
  values: Values,
  price: { flag: string; raw: string; unit: number | undefined; discount?: Dec },
  { row, column }: PriceSource,
): SourceRecordProblem | undefined {
  const { flag, raw, unit, discount } = price;
  if (flag === '9' || (raw === '' && flag === '')) return undefined;
  if (flag !== '1' && flag !== '2') return problem(row, column, DATANORM_REASONS.priceFlag);
  const amount = parsePrice(raw);
  if (amount === undefined || isNegative(amount)) return problem(row, column, DATANORM_REASONS.price);
  const purchase = flag === '1' && discount ? round(mul(amount, discount), 2) : undefined;
  if (purchase && isNegative(purchase)) return problem(row, column, DATANORM_REASONS.discount);
  // DATANORM prices are whole cents; more decimals (an explicit decimal) cannot move the price unit, since other
  // records of the article (its A record, other P records) state their prices per the same Preiseinheit
  const prices = catalogPrices(
    flag === '1' ? { list: amount, purchase } : { purchase: amount },
    unit === undefined ? undefined : implied(BigInt(unit), 0),
    true,
  );
  if (!prices) return problem(row, column, DATANORM_REASONS.decimals);
  Object.assign(values, prices);
  return undefined;
}
