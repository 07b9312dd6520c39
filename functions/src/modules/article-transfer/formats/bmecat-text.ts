/** DESCRIPTION_LONG and the product's description as plain text: HTML to lines, clipped to the article field. */

const HTML_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  euro: '€',
  deg: '°',
  sup2: '²',
  sup3: '³',
  micro: 'µ',
  plusmn: '±',
  times: '×',
  middot: '·',
  ndash: '–',
  mdash: '—',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  sbquo: '‚',
  lsquo: '‘',
  rsquo: '’',
  hellip: '…',
  bull: '•',
  Oslash: 'Ø',
  oslash: 'ø',
  Omega: 'Ω',
  reg: '®',
  copy: '©',
  trade: '™',
  shy: '',
};

/**
 * DESCRIPTION_LONG as plain text: HTML tags removed (block tags become single line breaks), HTML entities decoded.
 * A tag is `<` up to the next `>` without another `<` in between: `[^<>]*` keeps every pattern linear (with `[^>]*`
 * each `<` of a text without `>` scanned to its end: 2 MiB of `<` took a minute).
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*(?:br|\/p|p|\/div|div|\/li|li|\/tr|\/h[1-6]|\/ul|\/ol)\b[^<>]*>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,8});/g, (whole, ref: string) => {
      if (ref[0] !== '#') return HTML_ENTITIES[ref] ?? whole;
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t\r\f\v\u00A0]+/g, ' ')
    .replace(/ ?\n[\n ]*/g, '\n')
    .trim();
}

/** The article's description field holds at most this many characters (catalogue schema). */
export const DESCRIPTION_MAX = 2000;

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
