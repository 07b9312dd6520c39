import { spellOutUmlauts } from '../model/text.js';

/**
 * Text search on Firestore (which has no "contains"): every searchable record stores `searchTokens`, the
 * normalised prefixes (1..MAX_TOKEN_LENGTH characters) of each word-suffix of its searchable values, and a
 * list query adds `where('searchTokens', 'array-contains', searchTerm(input))`. So a search matches when
 * the input is the beginning of a word, or of a run of consecutive words, of one value: "kel" and
 * "anna kel" find "Anna Keller"; "maschinenbau g" finds "Müller Maschinenbau GmbH"; "eller" finds nothing.
 * Normalisation: lower case, ß → ss, accents dropped, everything but letters and digits is a word break.
 * Umlauts are stored twice (ü → u and ü → ue), so "muller", "müller" and "mueller" all find "Müller".
 * Inputs longer than MAX_TOKEN_LENGTH are cut there (the page may then hold a few more matches).
 */
export const MAX_TOKEN_LENGTH = 20;

/** Lower case, ß → ss, accents dropped: the folded form behind search tokens and sort keys. */
function fold(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFKD').replace(/\p{M}/gu, '');
}

function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The word lists of a value: accents dropped, plus the transliterated spelling when it differs. */
function variants(value: string): string[][] {
  const plain = words(value);
  const transliterated = words(spellOutUmlauts(value.toLowerCase()));
  return plain.join(' ') === transliterated.join(' ') ? [plain] : [plain, transliterated];
}

/** The tokens to store for the searchable values of a record (sorted, unique). */
export function searchTokens(...values: Array<string | undefined | null>): string[] {
  const out = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    for (const list of variants(value)) {
      for (let start = 0; start < list.length; start++) {
        const run = list.slice(start).join(' ').slice(0, MAX_TOKEN_LENGTH).trimEnd();
        for (let length = 1; length <= run.length; length++) {
          if (run[length - 1] !== ' ') out.add(run.slice(0, length));
        }
      }
    }
  }
  return [...out].sort();
}

/** The token a search input is looked up by, or undefined for an input without letters or digits. */
export function searchTerm(input: string | undefined): string | undefined {
  if (!input) return undefined;
  const term = words(input).join(' ').slice(0, MAX_TOKEN_LENGTH).trimEnd();
  return term || undefined;
}

/**
 * The stored sort key of a text column (`<field>Sort`): Firestore orders strings by their UTF-8 bytes, which
 * puts "Zoe" before "adler" and "Bäcker" after "Becker". The key is lower case with accents and umlauts
 * folded (ä → a, ß → ss, as German dictionaries sort), so pages come in the order a reader expects.
 */
export function sortKey(value: string | undefined | null): string {
  return fold(value ?? '').trim();
}
