import { searchTokens } from '../../data/search-tokens.js';
import type { UniqueKind } from '../../data/unique-keys.repository.js';
import { nameKey, namesOf, type FieldValue, type FieldValueKind } from '../../model/catalogue.js';

export const NAME_CLAIM: Record<FieldValueKind, UniqueKind> = {
  manufacturer: 'manufacturerName',
  discountGroup: 'discountGroupName',
  unit: 'unitName',
  wholesaler: 'wholesalerName',
};

/** The claim values of an item's names: lower case, discount groups per manufacturer. */
export function nameClaims(
  kind: FieldValueKind,
  item: Pick<FieldValue, 'displayName' | 'nameVariants' | 'manufacturerId'>,
) {
  const keys = [...new Set(namesOf(item).map(nameKey))];
  return kind === 'discountGroup' ? keys.map((k) => `${item.manufacturerId ?? '-'}|${k}`) : keys;
}

/**
 * What GET /<kind>/filter finds an item by (`searchTokens`, data/search-tokens.ts: word prefixes, accents and umlauts
 * folded): its display name, abbreviation and every name variant, each also written as one word, so "PXC",
 * "Phoenix", "contact", "Phönix" (a variant) and "PhoenixContact" all find "Phoenix Contact".
 */
export function fieldValueSearchTokens(
  item: Pick<FieldValue, 'displayName' | 'nameVariants' | 'abbreviation'>,
): string[] {
  const names = [item.displayName, item.abbreviation ?? '', ...item.nameVariants].filter((n) => n.trim());
  const joined = names.map((n) => n.replace(/[^\p{L}\p{N}]+/gu, '')).filter((j, i) => j && j !== names[i]);
  return searchTokens(...names, ...joined);
}

/** The variants as stored: trimmed, none repeating the display name or another variant (case-insensitive). */
export function cleanVariants(displayName: string, variants: readonly string[]): string[] {
  const seen = new Set([nameKey(displayName)]);
  const out: string[] = [];
  for (const v of variants.map((s) => s.trim()).filter(Boolean)) {
    if (seen.has(nameKey(v))) continue;
    seen.add(nameKey(v));
    out.push(v);
  }
  return out;
}

/**
 * The catalogue's claims: normalised order numbers catalogue-wide and `<manufacturerId|->|<normalised manufacturer
 * number>`, alternatives included; field-value names and variants, lower case (discount groups:
 * `<manufacturerId>|<name>`).
 */
declare module '../../data/unique-keys.repository.js' {
  interface UniqueKinds {
    articleOrderNumber: true;
    articleManufacturerNumber: true;
    manufacturerName: true;
    discountGroupName: true;
    unitName: true;
    wholesalerName: true;
  }
}
