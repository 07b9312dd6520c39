import { spellOutUmlauts } from '../model/text.js';

/**
 * Text search on Firestore (which has no "contains"): every searchable record stores `searchTokens`, the
 * normalised prefixes (1..MAX_TOKEN_LENGTH characters) of each word-suffix of its searchable values, and a
 * list query adds `where('searchTokens', 'array-contains', searchTerm(input))`. So a search matches when
 * the input is the beginning of a word, or of a run of consecutive words, of one value: "kel" and
 * "anna kel" find "Anna Keller"; "maschinenbau g" finds "Müller Maschinenbau GmbH"; "eller" finds nothing
 * (names). Titles and numbers store `containsTokens`, which add the fragments starting inside a word: there
 * "eller" finds "Anna Keller" (3 characters or more).
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

/**
 * The most tokens one record stores. Each token is an index entry in the single-field index and in every
 * composite index that holds `searchTokens` (16 for enquiries and offers, 24 for users), and Firestore refuses a
 * document with more than 40 000 index entries; 1 200 × 25 stays below. Word-start tokens come first, so a long
 * value loses "contains" matches at its end before it loses any word-prefix match.
 */
export const MAX_TOKENS = 1200;

/** Fragments starting inside a word are found from this length on ("345" in "SR-12345", not "45"). */
const MIN_INFIX_LENGTH = 3;

/** Adds the prefixes (from `min` characters, up to MAX_TOKEN_LENGTH) of `run`, except those ending in a space. */
function addPrefixes(out: Set<string>, run: string, min: number): void {
  const end = Math.min(run.length, MAX_TOKEN_LENGTH);
  for (let length = min; length <= end && out.size < MAX_TOKENS; length++) {
    if (run[length - 1] !== ' ') out.add(run.slice(0, length));
  }
}

function tokens(values: ReadonlyArray<string | undefined | null>, within: boolean): string[] {
  const lists = values.flatMap((value) => (value ? variants(value) : []));
  const out = new Set<string>();
  // word starts first: a run of consecutive words from each word
  for (const list of lists)
    for (let start = 0; start < list.length; start++) addPrefixes(out, list.slice(start).join(' '), 1);
  // then the fragments starting inside a word, up to that word's end
  if (within)
    for (const word of lists.flat())
      for (let i = 1; i + MIN_INFIX_LENGTH <= word.length; i++) addPrefixes(out, word.slice(i), MIN_INFIX_LENGTH);
  return [...out].sort();
}

/** The tokens of a word-prefix search over the searchable values of a record (sorted, unique). */
export function searchTokens(...values: Array<string | undefined | null>): string[] {
  return tokens(values, false);
}

/**
 * The tokens of a "contains" search (titles and numbers, issue 32 point 6): the word-prefix tokens plus every
 * fragment of MIN_INFIX_LENGTH or more characters that starts inside a word and ends in it, so "345" finds
 * "SR-12345" and "schrank" finds "Steuerschrank". A fragment from inside one word into the next ("r-123") is not
 * stored: that would multiply the tokens by the words that follow (docs/decisions-api.md "Search"). Bounded by
 * MAX_TOKENS.
 */
export function containsTokens(...values: Array<string | undefined | null>): string[] {
  return tokens(values, true);
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
