import { SpreadsheetError } from './errors.js';

const CSV_DELIMITERS = [';', '\t', ',', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Excel's own limit for the text of a cell: no spreadsheet program writes a longer one. */
export const MAX_CELL_CHARS = 32_767;

/**
 * Where the parser stands between two characters (kept across `push` calls): before a cell's first character; in
 * an unquoted cell or in the text after a quoted part (Excel keeps it); in a quoted cell; at a quote inside a quoted
 * cell (a doubled quote or the closing one, told by the next character).
 */
const At = { CellStart: 0, Unquoted: 1, Quoted: 2, QuoteInQuoted: 3 } as const;
type At = (typeof At)[keyof typeof At];

/**
 * Incremental RFC 4180 parser (lenient like Excel): quoted fields with embedded delimiters,
 * doubled quotes and line breaks; CRLF, LF or CR line ends. Text is fed in chunks and every character is looked at
 * once (a state machine, no re-scan of an unfinished record), so a record over many chunks costs what its
 * characters cost. Cells are returned verbatim: nothing is trimmed, converted or evaluated ("=1+1" stays text).
 *
 * A cell longer than `maxCellChars` is cut to `maxCellChars + 1` characters (the rest is read and dropped): the
 * caller sees that it is too long without anyone holding it (the article import refuses that row). A record that
 * keeps more than `maxRecordChars` characters (cut cells included, one per cell) is no table row: `corrupt`.
 */
export class CsvParser {
  private readonly d: number;
  private at: At = At.CellStart;
  /** a record has begun (a cell or a delimiter was read since the last line end) */
  private open = false;
  /** a CR ended the last record at the end of a chunk: an LF starting the next chunk belongs to it */
  private skipLf = false;
  private row: string[] = [];
  private parts: string[] = [];
  private cellChars = 0;
  private kept = 0;

  constructor(
    delimiter: string,
    private readonly maxRecordChars = 1 << 20,
    private readonly maxCellChars = MAX_CELL_CHARS,
  ) {
    this.d = delimiter.charCodeAt(0);
  }

  /** Parses as many complete records as the text allows; `final` flushes the rest. */
  push(text: string, final = false): string[][] {
    const rows: string[][] = [];
    const n = text.length;
    const d = this.d;
    let i = 0;
    if (this.skipLf && n > 0) {
      if (text.charCodeAt(0) === LF) i = 1;
      this.skipLf = false;
    }
    while (i < n) {
      if (this.at === At.CellStart) {
        this.open = true;
        if (text.charCodeAt(i) === QUOTE) {
          this.at = At.Quoted;
          i++;
          continue;
        }
        this.at = At.Unquoted;
      }
      if (this.at === At.Quoted) {
        const q = text.indexOf('"', i);
        this.append(text, i, q < 0 ? n : q);
        if (q < 0) break;
        i = q + 1;
        this.at = At.QuoteInQuoted;
        continue;
      }
      if (this.at === At.QuoteInQuoted) {
        if (text.charCodeAt(i) === QUOTE) {
          this.append('"', 0, 1);
          i++;
          this.at = At.Quoted;
          continue;
        }
        // the closing quote: text up to the delimiter is kept (Excel does the same)
        this.at = At.Unquoted;
      }
      let k = i;
      let c = 0;
      while (k < n && (c = text.charCodeAt(k)) !== d && c !== LF && c !== CR) k++;
      this.append(text, i, k);
      if (k >= n) break;
      this.endCell();
      i = k + 1;
      if (c === d) continue;
      rows.push(this.endRow());
      if (c === CR) {
        if (i < n && text.charCodeAt(i) === LF) i++;
        else if (i >= n) this.skipLf = true;
      }
    }
    if (final) {
      this.skipLf = false;
      if (this.open) {
        // an unclosed quote at the end of the file keeps its text; a trailing delimiter ends with an empty cell
        this.endCell();
        rows.push(this.endRow());
      }
    }
    return rows;
  }

  private append(text: string, from: number, to: number): void {
    const length = to - from;
    if (length <= 0) return;
    const room = this.maxCellChars + 1 - this.cellChars;
    this.cellChars += length;
    if (room <= 0) return;
    const take = Math.min(room, length);
    this.parts.push(from === 0 && take === text.length ? text : text.slice(from, from + take));
    this.kept += take;
    if (this.kept + this.row.length > this.maxRecordChars)
      throw new SpreadsheetError(
        'corrupt',
        `CSV record longer than ${this.maxRecordChars} characters (unclosed quote?)`,
      );
  }

  private endCell(): void {
    this.row.push(this.parts.length === 1 ? this.parts[0]! : this.parts.join(''));
    this.parts = [];
    this.cellChars = 0;
    this.at = At.CellStart;
  }

  private endRow(): string[] {
    const row = this.row;
    this.row = [];
    this.kept = 0;
    this.open = false;
    return row;
  }
}

/** Counts delimiter candidates outside quotes per line of a sample (first 50 lines). */
export function detectDelimiter(sample: string): CsvDelimiter {
  const lines: string[] = [];
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < sample.length && lines.length < 50; i++) {
    const c = sample.charCodeAt(i);
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && (c === LF || c === CR)) {
      if (i > start) lines.push(sample.slice(start, i));
      start = i + 1;
    }
  }
  if (lines.length < 50 && start < sample.length) lines.push(sample.slice(start));
  let best: CsvDelimiter = ';';
  let bestScore = -1;
  let bestMode = 0;
  for (const delim of CSV_DELIMITERS) {
    const counts = lines.map((l) => countOutsideQuotes(l, delim));
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 0;
    let score = 0;
    for (const [c, f] of freq) if (f > score || (f === score && c > mode)) [mode, score] = [c, f];
    // consistency across lines first, then more columns; the candidate order breaks remaining ties
    if (score > bestScore || (score === bestScore && mode > bestMode)) {
      best = delim;
      bestScore = score;
      bestMode = mode;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, delim: string): number {
  let n = 0;
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === delim && !inQuotes) n++;
  }
  return n;
}
