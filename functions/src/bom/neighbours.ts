/**
 * What sits next to which column. Builders write the manufacturer's type number beside the manufacturer
 * ("Hersteller | Typ", "Manufacturer | Type") and the distributor's number right of the distributor
 * ("VENDOR | VENDOR NO", "Lieferant | Bestell-Nr."). A column with a weak or ambiguous name in that place,
 * whose content does not contradict the field, gets a bonus; so does an order-number column holding
 * distributor number shapes (…-ND, 595-…).
 */
import type { MappableField } from '../model/bom/fields.js';
import { contentFit, type ColumnProfile } from './column-profile.js';
import { headerNamesVendor } from './content-signals.js';

/** Factor per piece of evidence; large enough to lift "Type" (0.65) beside "Manufacturer" over 0.7, no more. */
const EVIDENCE_BONUS = 1.15;
/** At most two pieces of evidence meet (an order number holding …-ND right of the vendor column). */
export const MAX_EVIDENCE_BONUS = EVIDENCE_BONUS * EVIDENCE_BONUS;

export interface Neighbours {
  /** the column most likely holding the manufacturer's name */
  manufacturerCol?: number;
  /** columns naming the vendor or holding distributor names */
  vendorCols: ReadonlySet<number>;
}

export function neighbourColumns(
  headers: readonly string[],
  profiles: readonly ColumnProfile[] | undefined,
  nameScore: (header: string, field: MappableField) => number,
  minConfidence: number,
): Neighbours {
  let manufacturerCol: number | undefined;
  let best = minConfidence;
  const vendorCols = new Set<number>();
  headers.forEach((h, col) => {
    if (!h.trim()) return;
    const p = profiles?.[col];
    const score = nameScore(h, 'manufacturerName') * (p ? contentFit('manufacturerName', p) : 1);
    // the best one; the first of equals
    if (score > best || (score === best && manufacturerCol === undefined)) {
      best = score;
      manufacturerCol = col;
    }
    if (headerNamesVendor(h) || (p && p.filled > 0 && p.distributorName >= 0.5)) vendorCols.add(col);
  });
  if (manufacturerCol !== undefined) vendorCols.delete(manufacturerCol);
  return { manufacturerCol, vendorCols };
}

/** Multiplier ≥ 1 for one (column, field) pair from its place and its content. */
export function evidenceBonus(
  field: MappableField,
  col: number,
  profile: ColumnProfile | undefined,
  n: Neighbours,
): number {
  const holdsNumbers = !profile || profile.filled === 0 || profile.partNumber >= 0.5;
  if (field === 'manufacturerNumber') {
    const beside = n.manufacturerCol !== undefined && Math.abs(n.manufacturerCol - col) === 1;
    return beside && holdsNumbers ? EVIDENCE_BONUS : 1;
  }
  if (field === 'orderNumber') {
    let bonus = 1;
    if (profile && profile.distributorNumber >= 0.5) bonus *= EVIDENCE_BONUS;
    if (n.vendorCols.has(col - 1) && holdsNumbers) bonus *= EVIDENCE_BONUS;
    return bonus;
  }
  return 1;
}
