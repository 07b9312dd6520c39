/**
 * Normalisation of order and manufacturer numbers, shared by the BOM matcher and the catalogue
 * (which stores the same keys next to the display values so Firestore equality/`in` queries can match).
 */

/** Separators users insert freely: whitespace, dashes (incl. Unicode dashes), dots, slashes, underscores. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212./\\_]+/gu;

/** A leading "XYZ " / "XYZ." / "XYZ:" token that may be a manufacturer abbreviation or name. */
const PREFIX = /^\s*([\p{L}][\p{L}\p{N}&]*(?:[ ][\p{L}][\p{L}\p{N}&]*)?)\s*[\s.:]\s*(?=\S)/u;

/** Upper case without any separator characters. Idempotent; no prefix handling. */
export function normalisePartNumberKey(raw: string): string {
  // NFKC only matters for non-ASCII input (full-width digits, ligatures); skipping it keeps bulk matching fast
  const text = ASCII.test(raw) ? raw : raw.normalize('NFKC');
  return text.toUpperCase().replace(SEPARATORS, '');
}

const ASCII = /^\p{ASCII}*$/u;

/** Normalises a manufacturer name/abbreviation for prefix comparison ("Phoenix Contact" → "PHOENIXCONTACT"). */
export function normaliseManufacturerToken(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}&]+/gu, '');
}

export interface ManufacturerPrefix {
  manufacturerId: string;
  /** displayName, abbreviation and name variants */
  names: string[];
}

/** Lookup from normalised manufacturer token to manufacturer id, built once per BOM. */
export type ManufacturerPrefixIndex = Map<string, string>;

export function buildManufacturerPrefixIndex(manufacturers: readonly ManufacturerPrefix[]): ManufacturerPrefixIndex {
  const index: ManufacturerPrefixIndex = new Map();
  for (const m of manufacturers) {
    for (const n of m.names) {
      const token = normaliseManufacturerToken(n);
      if (token.length >= 2) index.set(token, m.manufacturerId);
    }
  }
  return index;
}

export interface NormalisedPartNumber {
  /** normalised key after stripping a known manufacturer prefix */
  key: string;
  /** normalised key of the whole input (differs from key only when a prefix was stripped) */
  fullKey: string;
  /** manufacturer named by the stripped prefix */
  prefixManufacturerId?: string;
}

/**
 * Normalises a part number and strips a leading manufacturer prefix ("SIE 3RT2015-1BB41",
 * "PXC.3209510") when the prefix is a known manufacturer and is followed by a separator.
 * Without a separator nothing is stripped, so "ABB1SAM" stays intact and the result is idempotent.
 */
export function normalisePartNumber(raw: string, prefixes?: ManufacturerPrefixIndex): NormalisedPartNumber {
  const fullKey = normalisePartNumberKey(raw);
  if (prefixes && prefixes.size > 0) {
    const m = PREFIX.exec(raw);
    if (m) {
      const id = prefixes.get(normaliseManufacturerToken(m[1]!));
      const rest = normalisePartNumberKey(raw.slice(m[0].length));
      // the remainder must still look like a part number (contain a digit) to avoid eating real numbers
      if (id !== undefined && /\p{N}/u.test(rest)) return { key: rest, fullKey, prefixManufacturerId: id };
    }
  }
  return { key: fullKey, fullKey };
}
