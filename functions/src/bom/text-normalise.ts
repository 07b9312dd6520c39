/** Header text normalisation and fuzzy similarity used by the mapping suggestion. */

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', é: 'e', è: 'e', à: 'a' };

/**
 * "Best.-Nr." → "best nr", "Größe (mm)" → "groesse mm", "Hersteller-Artikelnummer" → "hersteller artikelnummer",
 * "Manf#" → "manf nr".
 * Headers made only of designation symbols ("+", "++", "-", "=", "==") are kept as they are.
 */
export function normaliseHeader(raw: string): string {
  const trimmed = repairMojibake(raw).normalize('NFC').trim();
  if (/^[+\-=]{1,2}$/.test(trimmed)) return trimmed;
  return (
    trimmed
      .toLowerCase()
      .replace(/[äöüßéèà]/g, (c) => UMLAUTS[c] ?? c)
      // "#" and "N°" mean number: "Manf#" must not read as "Manf" (the manufacturer's name)
      .replace(/#|n°|nº/g, ' nr ')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  );
}

/**
 * UTF-8 text that was once read as Latin-1/Windows-1252 ("StÃ¼ckzahl", "GehÃ¤use"): a real-world header
 * defect of lists that went through a wrongly set export. Re-decoded when every "Ã"/"Â" pair is a valid
 * UTF-8 sequence; anything else is returned unchanged.
 */
export function repairMojibake(text: string): string {
  if (!/[ÃÂ][\u0080-\u00BF]/.test(text)) return text;
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c > 0xff) return text;
    bytes.push(c);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return text;
  }
}

export function tokens(normalised: string): string[] {
  return normalised.split(' ').filter((t) => t.length > 0);
}

/** Levenshtein distance with a single rolling row. */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  const row = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** Upper bound of stringSimilarity from the lengths alone. */
function lengthBound(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : Math.min(a.length, b.length) / max;
}

/** 1 − distance / longer length. */
function stringSimilarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - editDistance(a, b) / max;
}

/**
 * Similarity of two normalised headers in 0..1: exact 1; the same letters without spaces 0.97;
 * otherwise the better of whole-string edit similarity and a token overlap where each token
 * pairs with its most similar counterpart (so "artikel nr" ≈ "artikelnr", "bestell nummer" ≈ "bestellnummer").
 */
export function headerSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const ca = a.replace(/ /g, '');
  const cb = b.replace(/ /g, '');
  if (ca === cb) return 0.97;
  // edit similarity can never exceed the length ratio: skip the O(n·m) work when that bound is too low
  const whole = lengthBound(ca, cb) < 0.6 ? 0 : stringSimilarity(ca, cb);
  const ta = tokens(a);
  const tb = tokens(b);
  if (!ta.length || !tb.length) return whole;
  // token pairs count only when nearly equal (≥ 0.8); each token takes its best partner, both directions
  const sim = ta.map((x) =>
    tb.map((y) => {
      const v = lengthBound(x, y) < 0.8 ? 0 : stringSimilarity(x, y);
      return v >= 0.8 ? v : 0;
    }),
  );
  const aToB = sim.reduce((s, row) => s + Math.max(...row), 0) / ta.length;
  const bToA = tb.reduce((s, _, j) => s + Math.max(...sim.map((row) => row[j]!)), 0) / tb.length;
  const overlap = Math.min(aToB, bToA);
  return Math.max(whole, overlap * 0.95);
}

/** A header row's cells normalised (normaliseHeader), trailing empty cells dropped. */
export function normaliseHeaderRow(row: readonly string[]): string[] {
  const cells = row.map((c) => normaliseHeader(c ?? ''));
  while (cells.length && cells[cells.length - 1] === '') cells.pop();
  return cells;
}
