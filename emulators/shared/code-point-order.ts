/**
 * Compares strings by Unicode code point, which equals UTF-8 byte order (the order of Firestore and
 * GCS), unlike JS `<` which compares UTF-16 code units (wrong for surrogates vs U+E000..U+FFFF).
 * With `slashFirst`, '/' sorts below every other character (segment-wise path order).
 */
function compare(a: string, b: string, slashFirst: boolean): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    if (slashFirst) {
      if (ca === 47) return -1; // '/': a's segment ended first
      if (cb === 47) return 1;
    }
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa === sb) return ca < cb ? -1 : 1;
    return sa ? 1 : -1; // a surrogate encodes a supplementary code point, above any BMP char
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** Code point (UTF-8 byte) order; returns -1, 0 or 1. */
export function compareCodePoints(a: string, b: string): number {
  return compare(a, b, false);
}

/** Code point order of `/`-separated paths compared segment by segment, done in place without splitting. */
export function comparePathCodePoints(a: string, b: string): number {
  return compare(a, b, true);
}
