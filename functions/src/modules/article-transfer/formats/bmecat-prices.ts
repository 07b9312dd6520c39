import {
  catalogPrices,
  compare,
  divide,
  isNegative,
  mul,
  normalise,
  ONE,
  parseDecimal,
  pow10,
  type Dec,
} from './decimals.js';
import { ProductProblem, type Header, type Names, type Values } from './bmecat-catalog.js';
import { attr, element, elements, line, type XNode } from './bmecat-xml.js';

/** A product's prices: which price details count today, which price types map to the list and the purchase price. */

export const LIST_TYPES = ['net_list', 'gros_list', 'nrp'] as const;
export const PURCHASE_TYPES = ['net_customer', 'net_customer_exp'] as const;
type PriceType = (typeof LIST_TYPES)[number] | (typeof PURCHASE_TYPES)[number];
const MAPPED_PRICE_TYPES = new Set<string>([...LIST_TYPES, ...PURCHASE_TYPES]);

interface Price {
  type: PriceType;
  /** per PRICE_QUANTITY order units, net of tax, PRICE_FACTOR applied */
  amount: Dec;
  lowerBound: Dec;
  territoryOk: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

function validNow(details: XNode, now: string): boolean {
  let start: string | undefined;
  let end: string | undefined;
  for (const dt of elements(details, 'DATETIME')) {
    const date = line(element(dt, 'DATE'))?.slice(0, 10);
    if (attr(dt, 'type') === 'valid_start_date') start = date;
    if (attr(dt, 'type') === 'valid_end_date') end = date;
  }
  start ??= line(element(details, 'VALID_START_DATE'))?.slice(0, 10);
  end ??= line(element(details, 'VALID_END_DATE'))?.slice(0, 10);
  return (!start || start <= now) && (!end || end >= now);
}

export function readPrices(product: XNode, header: Header, n: Names): Price[] {
  const all = elements(product, n.priceDetails);
  const current = all.filter((d) => validNow(d, today()));
  const details = current.length ? current : all;
  const prices: Price[] = [];
  let foreign: string | undefined;
  for (const d of details)
    for (const p of elements(d, n.price)) {
      const type = attr(p, 'price_type')?.trim().toLowerCase();
      if (!type || !MAPPED_PRICE_TYPES.has(type)) continue;
      const text = line(element(p, 'PRICE_AMOUNT'));
      const amount = parseDecimal(text);
      if (!amount || isNegative(amount))
        throw new ProductProblem(
          n.price,
          text ? `Preis „${text}“ (${type}) ist keine gültige Zahl.` : `Preis (${type}) ohne Betrag (PRICE_AMOUNT).`,
        );
      const currency = (line(element(p, 'PRICE_CURRENCY')) ?? header.currency ?? 'EUR').toUpperCase();
      if (currency !== 'EUR') {
        foreign = currency;
        continue;
      }
      let value = amount;
      const factorText = line(element(p, 'PRICE_FACTOR'));
      if (factorText !== undefined) {
        const factor = parseDecimal(factorText);
        if (!factor || isNegative(factor))
          throw new ProductProblem(n.price, `Preisfaktor „${factorText}“ (${type}) ist keine gültige Zahl.`);
        value = mul(value, factor);
      }
      if (type === 'gros_list') {
        // a gross list price counts only with its tax rate (a factor like 0.19; 19 is read as percent)
        let tax = parseDecimal(line(element(p, 'TAX')));
        if (!tax || isNegative(tax)) continue;
        if (compare(tax, ONE) > 0) tax = divide(tax, { int: 100n, scale: 0 }, 6);
        value = divide(value, normalise({ int: tax.int + pow10(tax.scale), scale: tax.scale }), 4);
      }
      const territories = elements(p, 'TERRITORY').map((t) => line(t)?.toUpperCase());
      prices.push({
        type: type as PriceType,
        amount: value,
        lowerBound: parseDecimal(line(element(p, 'LOWER_BOUND'))) ?? ONE,
        territoryOk: territories.length === 0 || territories.includes('DE'),
      });
    }
  if (!prices.length && foreign)
    throw new ProductProblem(n.price, `Kein Preis in EUR (nur ${foreign}); der Artikel wurde nicht übernommen.`);
  return prices;
}

/** The best price of the given types: type order, then a German (or no) territory, then lower bound 1 or the lowest. */
export function best(prices: Price[], types: readonly PriceType[]): Price | undefined {
  let found: Price | undefined;
  const rank = (p: Price) => [types.indexOf(p.type), p.territoryOk ? 0 : 1, compare(p.lowerBound, ONE) === 0 ? 0 : 1];
  for (const p of prices) {
    if (!types.includes(p.type)) continue;
    if (!found) {
      found = p;
      continue;
    }
    const [a, b] = [rank(p), rank(found)];
    const c = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]! || compare(p.lowerBound, found.lowerBound);
    if (c < 0) found = p;
  }
  return found;
}

/**
 * The catalogue's price rule (decimals.ts `catalogPrices`): prices as the file states them, per PRICE_QUANTITY, which
 * becomes priceUnitSize. In T_UPDATE_PRICES without PRICE_QUANTITY the prices are per the article's stored price unit,
 * which must not move.
 */
export function applyPrices(
  v: Values,
  list: Dec | undefined,
  purchase: Dec | undefined,
  quantity: Dec | undefined,
  transaction: string,
  column: string,
): void {
  const prices = catalogPrices({ list, purchase }, quantity, !quantity && transaction === 'T_UPDATE_PRICES');
  if (!prices)
    throw new ProductProblem(
      column,
      'Preis mit mehr als zwei Nachkommastellen ohne Preismenge (PRICE_QUANTITY); in T_UPDATE_PRICES ist die Preiseinheit des Artikels unbekannt.',
    );
  Object.assign(v, prices);
}
