/**
 * Exact decimals for the exchange-format readers (DATANORM, BMEcat): prices are computed on BigInt with a scale,
 * never on binary floating point, and one price rule (`catalogPrices`) turns a file's prices into the catalogue's.
 */

export interface Dec {
  /** value = int / 10^scale */
  int: bigint;
  scale: number;
}

const TEN = 10n;
export const pow10 = (n: number) => TEN ** BigInt(n);
export const ONE: Dec = { int: 1n, scale: 0 };
export const HUNDRED: Dec = { int: 100n, scale: 0 };

/** A decimal number: dot or comma, optional sign and exponent (`12.50`, `12,5`, `1.5E2`); undefined otherwise. */
export function parseDecimal(text: string | undefined): Dec | undefined {
  if (text === undefined) return undefined;
  const m = /^([+-]?)(\d*)(?:[.,](\d*))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text.trim());
  if (!m || !(m[2] || m[3])) return undefined;
  const frac = m[3] ?? '';
  let int = BigInt((m[2] || '0') + frac);
  let scale = frac.length;
  const exp = m[4] ? Number(m[4]) : 0;
  if (exp > 0) {
    const shift = Math.min(exp, scale);
    scale -= shift;
    int *= pow10(exp - shift);
  } else scale -= exp;
  if (m[1] === '-') int = -int;
  return normalise({ int, scale });
}

/** Trailing zeros removed (12.50 → 12.5), so `scale` is the number of decimals that matter. */
export function normalise(d: Dec): Dec {
  let { int, scale } = d;
  while (scale > 0 && int % TEN === 0n) {
    int /= TEN;
    scale--;
  }
  return { int, scale };
}

/** An integer with `scale` implied decimals (DATANORM's 4590 = 45.90). */
export const implied = (int: bigint, scale: number): Dec => normalise({ int, scale });

const aligned = (a: Dec, b: Dec): [bigint, bigint, number] => {
  const s = Math.max(a.scale, b.scale);
  return [a.int * pow10(s - a.scale), b.int * pow10(s - b.scale), s];
};

export const mul = (a: Dec, b: Dec): Dec => normalise({ int: a.int * b.int, scale: a.scale + b.scale });
export const add = (a: Dec, b: Dec): Dec => {
  const [x, y, s] = aligned(a, b);
  return normalise({ int: x + y, scale: s });
};
export const sub = (a: Dec, b: Dec): Dec => add(a, { int: -b.int, scale: b.scale });
export const compare = (a: Dec, b: Dec): number => {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
};
export const isNegative = (d: Dec) => d.int < 0n;
export const isZero = (d: Dec) => d.int === 0n;

/** Rounds half away from zero (for the readers' non-negative prices: half up, 9.375 → 9.38) to `scale` decimals. */
export function round(d: Dec, scale: number): Dec {
  if (d.scale <= scale) return d;
  const div = pow10(d.scale - scale);
  const neg = d.int < 0n;
  const abs = neg ? -d.int : d.int;
  let q = abs / div;
  if ((abs % div) * 2n >= div) q++;
  return normalise({ int: neg ? -q : q, scale });
}

/** a / b rounded to `scale` decimals. */
export function divide(a: Dec, b: Dec, scale: number): Dec {
  // a.int/10^as ÷ b.int/10^bs = a.int·10^(bs + scale + 1) / (b.int·10^as) / 10^(scale + 1)
  const num = a.int * pow10(b.scale + scale + 1);
  const den = b.int * pow10(a.scale);
  return round({ int: num / den, scale: scale + 1 }, scale);
}

/** Canonical text with a dot and no trailing zeros (`12.5`, `120`, `-0.05`): what the import's row builder reads. */
export function formatDec(d: Dec): string {
  const neg = d.int < 0n;
  const digits = (neg ? -d.int : d.int).toString().padStart(d.scale + 1, '0');
  const whole = d.scale ? `${digits.slice(0, -d.scale)}.${digits.slice(-d.scale)}` : digits;
  return neg ? `-${whole}` : whole;
}

export const toNumber = (d: Dec): number => Number(formatDec(d));

/** Up to 10^4: a price with more decimals is stated per 10, 100, 1 000 or 10 000 units instead. */
const MAX_PRICE_SHIFT = 4;

export interface CatalogPrices {
  listPrice?: string;
  purchasePrice?: string;
  priceUnitSize?: string;
}

/**
 * The catalogue's price rule, for every exchange format (docs/decisions-imports.md "Prices of exchange formats"):
 * an article's listPrice and purchasePrice are per `priceUnitSize` units with at most two decimals
 * (model/catalogue-schemas.ts `amount()`; BOM lines and results divide by priceUnitSize). So a file's price is kept
 * as the file states it, per the file's price unit (`unit`), and that unit becomes priceUnitSize — nothing is
 * divided. A price with more than two decimals (0.0345 per piece) moves to a larger price unit (3.45 per 100): both
 * prices and the unit are multiplied by the same power of ten (at most 10^4), then rounded half up to cents.
 *
 * `unit` undefined: the file does not say (BMEcat without PRICE_QUANTITY, a DATANORM P record without its A record):
 * no priceUnitSize is emitted, so an existing article keeps its own (a new one gets the default, 1). `fixed`: the
 * price unit must not move (the prices are per a unit stored elsewhere) — a price with more than two decimals then
 * answers `undefined` and the caller reports the record.
 */
export function catalogPrices(
  prices: { list?: Dec; purchase?: Dec },
  unit: Dec | undefined,
  fixed: boolean,
): CatalogPrices | undefined {
  const decimals = Math.max(prices.list?.scale ?? 0, prices.purchase?.scale ?? 0);
  const shift = Math.min(Math.max(decimals - 2, 0), MAX_PRICE_SHIFT);
  if (shift > 0 && fixed) return undefined;
  const factor: Dec = { int: pow10(shift), scale: 0 };
  const scaled = (d: Dec) => formatDec(round(mul(d, factor), 2));
  const out: CatalogPrices = {};
  if (prices.list) out.listPrice = scaled(prices.list);
  if (prices.purchase) out.purchasePrice = scaled(prices.purchase);
  if (unit) out.priceUnitSize = formatDec(mul(unit, factor));
  else if (shift > 0) out.priceUnitSize = formatDec(factor);
  return out;
}
