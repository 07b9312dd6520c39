/** Encoding detection and decoding for CSV/TXT: UTF-8 (with/without BOM), Windows-1252, CP850. */

export type TextEncoding = 'utf-8' | 'windows-1252' | 'cp850';

/** CP850 (DOS Western Europe) 0x80–0xFF; TextDecoder has no cp850, so it is hand-rolled. */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅ' +
  'ÉæÆôöòûùÿÖÜø£Ø×ƒ' +
  'áíóúñÑªº¿®¬½¼¡«»' +
  '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐' +
  '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤' +
  'ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀' +
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' +
  '\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0';

const CP850_TABLE: string[] = (() => {
  const t: string[] = [];
  for (let i = 0; i < 128; i++) t.push(String.fromCharCode(i));
  for (const ch of CP850_HIGH) t.push(ch);
  return t;
})();

export function decodeCp850(bytes: Uint8Array): string {
  let out = '';
  let ascii = 0;
  // ASCII runs are copied in bulk; only high bytes go through the table
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) {
      if (i > ascii) out += latin1(bytes, ascii, i);
      out += CP850_TABLE[b];
      ascii = i + 1;
    }
  }
  if (ascii < bytes.length) out += latin1(bytes, ascii, bytes.length);
  return out;
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += 8192) s += String.fromCharCode(...bytes.subarray(i, Math.min(to, i + 8192)));
  return s;
}

/** Streaming decoder: feed chunks, flush at the end. */
export interface ChunkDecoder {
  decode(chunk: Uint8Array, final: boolean): string;
}

export function createDecoder(encoding: TextEncoding): ChunkDecoder {
  if (encoding === 'cp850') return { decode: (chunk) => decodeCp850(chunk) };
  const td = new TextDecoder(encoding); // strips a UTF-8 BOM marker
  return { decode: (chunk, final) => td.decode(chunk, { stream: !final }) };
}

function hasUtf8Bom(b: Uint8Array): boolean {
  return b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
}

/** Validates UTF-8; a sequence cut off by the sample end is tolerated when `truncated`. */
export function isValidUtf8(b: Uint8Array, truncated: boolean): boolean {
  let i = 0;
  const n = b.length;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) need = 2;
    else if (c >= 0xf0 && c <= 0xf4) need = 3;
    else return false;
    // a sequence cut off by the end of the sample is fine if what is there are continuation bytes
    if (i + need >= n) return truncated && allContinuations(b, i + 1, n);
    for (let k = 1; k <= need; k++) if ((b[i + k]! & 0xc0) !== 0x80) return false;
    i += need + 1;
  }
  return true;
}

function allContinuations(b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((b[i]! & 0xc0) !== 0x80) return false;
  return true;
}

/**
 * How plausible a character is in a parts list, per character a candidate code page produces.
 * German umlauts and ß are the most likely; French accents and the symbols of component values and
 * prices (µ, °, ², €, ±, Ø) come next; other Latin letters are possible but rare ("Á" in "10ÁF" is
 * CP850's reading of a Windows-1252 µ); box drawing, C1 control characters and odd symbols count against.
 */
const CHAR_WEIGHT = new Map<string, number>();
for (const ch of 'äöüÄÖÜß') CHAR_WEIGHT.set(ch, 3);
for (const ch of 'éèêëàâçôîïûùÉÈÀÇµ°²³€±Øø×½¼¾§Ω') CHAR_WEIGHT.set(ch, 2);
for (const ch of '\u00A0„“”‘’–—«»·®©™') CHAR_WEIGHT.set(ch, 0);
const OTHER_LETTER = /[À-ÖØ-öø-ÿ]/;

export function charPlausibility(ch: string): number {
  const w = CHAR_WEIGHT.get(ch);
  if (w !== undefined) return w;
  return OTHER_LETTER.test(ch) ? 1 : -2;
}

function plausibility(text: string): number {
  let score = 0;
  for (const ch of text) score += charPlausibility(ch);
  return score;
}

/**
 * UTF-8 when it has a BOM marker or validates; otherwise whichever single-byte code page turns the
 * high bytes into more plausible characters (see charPlausibility; Windows-1252 wins ties: German
 * Excel's default).
 */
export function detectEncoding(sample: Uint8Array, truncated: boolean): TextEncoding {
  if (hasUtf8Bom(sample)) return 'utf-8';
  let high = false;
  for (let i = 0; i < sample.length; i++)
    if (sample[i]! >= 0x80) {
      high = true;
      break;
    }
  if (!high || isValidUtf8(sample, truncated)) return 'utf-8';
  const highOnly = sample.filter((x) => x >= 0x80);
  const w = plausibility(new TextDecoder('windows-1252').decode(highOnly));
  const d = plausibility(decodeCp850(highOnly));
  return d > w ? 'cp850' : 'windows-1252';
}
