import { namesOf, type FieldValue } from '@model/catalogue';

/** Folded for comparison: lower case, umlauts and accents as their base letters (ü → u, é → e), ß → ss. */
const fold = (s: string) => s.toLowerCase().replace(/ß/g, 'ss').normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * The name other than the display name an item was found by — its abbreviation or a name variant, whose words begin
 * with the typed text — to show under the display name; undefined when the display name itself matches.
 */
export function matchedName(
  item: Pick<FieldValue, 'displayName' | 'nameVariants' | 'abbreviation'>,
  input: string,
): string | undefined {
  const needle = fold(input.trim());
  if (!needle) return undefined;
  const starts = (name: string) => {
    const f = fold(name);
    return f.startsWith(needle) || f.includes(` ${needle}`) || f.replace(/[^\p{L}\p{N}]+/gu, '').startsWith(needle);
  };
  if (starts(item.displayName)) return undefined;
  return [item.abbreviation ?? '', ...namesOf(item).slice(1)].find((n) => n && starts(n));
}
