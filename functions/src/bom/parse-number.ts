/**
 * Decimal numbers as users type them: German "1.234,5", English "1,234.5", plain "2", "2,5", "1.5",
 * Swiss "1'234.5", with spaces/no-break spaces as thousands separators and a trailing unit ("2 Stk").
 * The two ambiguous shapes "1,234" and "1.234" are read as decimals: a single comma is the German
 * decimal comma, and a single dot is what SheetJS writes for xlsx numbers in General format.
 */
export function parseDecimal(text: string | undefined | null): number | undefined {
  if (text == null) return undefined;
  // fast path for the common plain integer ("2", " 10 ")
  const plain = /^\s*(\d{1,15})\s*$/.exec(text);
  if (plain) return Number(plain[1]);
  const m = /^\s*([+-]?)\s*([\d.,'\u00A0\u202F ]*\d[\d.,'\u00A0\u202F ]*)\s*(\p{L}{0,12}\.?)\s*$/u.exec(text);
  if (!m) return undefined;
  let s = m[2]!.replace(/['\u00A0\u202F ]/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    const [intPart, frac = ''] = splitOnce(s, decimal);
    if (frac.includes(thousands) || intPart.includes(decimal) || !groupedOk(intPart, thousands)) return undefined;
    s = intPart.split(thousands).join('') + '.' + frac;
  } else if (lastComma >= 0) {
    s = commaOrDotOnly(s, ',');
  } else if (lastDot >= 0) {
    s = commaOrDotOnly(s, '.');
  }
  if (!/^\d*\.?\d+$|^\d+\.$/.test(s)) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n)) return undefined;
  return m[1] === '-' ? -n : n;
}

function splitOnce(s: string, sep: string): [string, string] {
  const i = s.lastIndexOf(sep);
  return [s.slice(0, i), s.slice(i + 1)];
}

/** "1.234.567" groups of three after the first group of 1–3 digits. */
function groupedOk(intPart: string, sep: string): boolean {
  if (!intPart.includes(sep)) return true;
  const groups = intPart.split(sep);
  return /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

function commaOrDotOnly(s: string, sep: string): string {
  const count = s.split(sep).length - 1;
  if (count === 1) return s.replace(sep, '.');
  // several of the same separator can only be thousands grouping
  return groupedOk(s, sep) ? s.split(sep).join('') : 'x';
}
