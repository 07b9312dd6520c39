import { describe, expect, it } from 'vitest';
import { int, pick, seededRandom } from '../bom/fixtures/seeded-random.js';
import { toCsv } from '../bom/fixtures/make-fixtures.js';
import { CsvParser, detectDelimiter, MAX_CELL_CHARS } from './csv-parser.js';
import { readCsv } from './read-csv.js';
import { decodeCp850, detectEncoding, isValidUtf8 } from './text-decode.js';

const ALPHABET = ['a', 'Z', '0', '9', ' ', ';', ',', '\t', '|', '"', '\n', '\r\n', 'ä', 'ß', '€', '=', '-', '+', "'"];

function randomRows(rnd: () => number): string[][] {
  const cols = int(rnd, 1, 6);
  return Array.from({ length: int(rnd, 1, 30) }, () =>
    Array.from({ length: cols }, () => Array.from({ length: int(rnd, 0, 8) }, () => pick(rnd, ALPHABET)).join('')),
  ).filter((r) => !(r.length === 1 && r[0] === ''));
}

function parseInChunks(text: string, delimiter: string, rnd: () => number): string[][] {
  const p = new CsvParser(delimiter);
  const rows: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const n = int(rnd, 1, 7);
    rows.push(...p.push(text.slice(i, i + n)));
    i += n;
  }
  rows.push(...p.push('', true));
  return rows;
}

describe('CsvParser', () => {
  it('round-trips random quoted content for every delimiter and any chunking (seeded)', () => {
    const rnd = seededRandom(42);
    for (let run = 0; run < 300; run++) {
      const rows = randomRows(rnd);
      if (!rows.length) continue;
      const delimiter = pick(rnd, [';', ',', '\t', '|']);
      const text = toCsv(rows, delimiter, pick(rnd, ['\r\n', '\n']));
      expect(parseInChunks(text, delimiter, rnd)).toEqual(rows);
      expect(new CsvParser(delimiter).push(text, true)).toEqual(rows);
    }
  });

  it('handles CR-only line ends, a missing final newline, trailing delimiters and text after a closing quote', () => {
    expect(new CsvParser(';').push('a;b\rc;d', true)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(new CsvParser(';').push('a;\r\n;', true)).toEqual([
      ['a', ''],
      ['', ''],
    ]);
    expect(new CsvParser(';').push('"ab"c;d\n', true)).toEqual([['abc', 'd']]);
    expect(new CsvParser(';').push('x"y;"z\n', true)).toEqual([['x"y', 'z\n']]);
    expect(new CsvParser(';').push('\n\na\n', true)).toEqual([[''], [''], ['a']]);
  });

  it('cuts a cell longer than MAX_CELL_CHARS to one character more, over any chunking, and reads on', () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    const text = `a;"${huge}";b\r\n"${'""'.repeat(40_000)}";${huge}\nc;d\n`;
    const expected = [
      ['a', 'x'.repeat(MAX_CELL_CHARS + 1), 'b'],
      ['"'.repeat(MAX_CELL_CHARS + 1), 'x'.repeat(MAX_CELL_CHARS + 1)],
      ['c', 'd'],
    ];
    expect(new CsvParser(';').push(text, true)).toEqual(expected);
    const p = new CsvParser(';');
    const rows: string[][] = [];
    for (let i = 0; i < text.length; i += 65_536) rows.push(...p.push(text.slice(i, i + 65_536)));
    rows.push(...p.push('', true));
    expect(rows).toEqual(expected);
  });

  it('refuses a record keeping more than maxRecordChars (many cut cells)', () => {
    const cell = 'y'.repeat(MAX_CELL_CHARS + 10);
    expect(() => new CsvParser(';', 100_000).push(`${[cell, cell, cell, cell].join(';')}\n`, true)).toThrow(
      /longer than 100000/,
    );
  });

  it('detects the delimiter despite a title block and decimal commas', () => {
    expect(detectDelimiter('Stückliste\r\nPos;Menge;Preis\r\n1;2,5;3,10\r\n2;1;4,20\r\n')).toBe(';');
    expect(detectDelimiter('Item,Qty,Price\n1,2,"3,10"\n2,1,4.20\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n1\t2,5\t3\n')).toBe('\t');
    expect(detectDelimiter('a|b|c\n1|2;5|3\n4|5|6\n')).toBe('|');
  });
});

describe('encoding detection', () => {
  const win = (s: string): Uint8Array => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
  it('UTF-8 with and without BOM marker, Windows-1252 and CP850', () => {
    expect(detectEncoding(new TextEncoder().encode('Schütz;Größe'), false)).toBe('utf-8');
    expect(detectEncoding(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41), false)).toBe('utf-8');
    expect(detectEncoding(win('Schütz;Größe;Maß'), false)).toBe('windows-1252');
    expect(
      detectEncoding(Uint8Array.from([0x53, 0x63, 0x68, 0x81, 0x74, 0x7a, 0x3b, 0x47, 0x72, 0x94, 0xe1, 0x65]), false),
    ).toBe('cp850');
  });

  it('tolerates a UTF-8 sequence cut by the sample end only when the sample is truncated', () => {
    const bytes = new TextEncoder().encode('abcü').subarray(0, 4);
    expect(isValidUtf8(bytes, true)).toBe(true);
    expect(isValidUtf8(bytes, false)).toBe(false);
  });

  it('decodes CP850 umlauts', () => {
    expect(decodeCp850(Uint8Array.of(0x84, 0x94, 0x81, 0xe1, 0x8e, 0x99, 0x9a))).toBe('äöüßÄÖÜ');
  });

  it('streams a UTF-8 file whose multi-byte characters straddle chunk borders', async () => {
    const text =
      'Bezeichnung;Menge\n' + Array.from({ length: 3000 }, (_, i) => `Schütz Größe ${i};${i}`).join('\n') + '\n';
    const bytes = new TextEncoder().encode(text);
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < bytes.length; i += 777) yield bytes.subarray(i, i + 777);
    }
    const r = await readCsv(chunks());
    expect(r.encoding).toBe('utf-8');
    expect(r.rows).toHaveLength(3001);
    expect(r.rows[2999]).toEqual(['Schütz Größe 2998', '2998']);
  });
});
