import { namesOf, type FieldValue } from '@model/catalogue';

/** Spec 5: lookups match case-insensitively on the name, any variant and (manufacturers) the abbreviation. */
export function matchesName(
  item: Pick<FieldValue, 'displayName' | 'nameVariants' | 'abbreviation'>,
  input: string,
): boolean {
  const needle = input.trim().toLowerCase();
  if (!needle) return true;
  return [...namesOf(item), item.abbreviation ?? ''].some((n) => n.toLowerCase().includes(needle));
}
