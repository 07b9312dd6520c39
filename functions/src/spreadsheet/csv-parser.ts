import { SpreadsheetError } from './errors.js';

const CSV_DELIMITERS = [';', '\t', ',', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * Incremental RFC 4180 parser (lenient like Excel): quoted fields with embedded delimiters,
 * doubled quotes and line breaks; CRLF, LF or CR line ends. Text is fed in chunks; only the
 * unfinished last record is carried over, so memory stays bounded by the longest record.
 * Cells are returned verbatim: nothing is trimmed, converted or evaluated ("=1+1" stays text).
 */
export class CsvParser {
  private carry = '';
  private readonly d: number;

  constructor(
    delimiter: string,
    private readonly maxRecordChars = 1 << 20,
  ) {
    this.d = delimiter.charCodeAt(0);
  }

  /** Parses as many complete records as the text allows; `final` flushes the rest. */
  push(text: string, final = false): string[][] {
    const s = this.carry.length ? this.carry + text : text;
    this.carry = '';
    const rows: string[][] = [];
    const n = s.length;
    const d = this.d;
    let i = 0;
    let rowStart = 0;
    let row: string[] = [];
    const suspend = (): string[][] => {
      this.carry = s.slice(rowStart);
      if (this.carry.length > this.maxRecordChars) {
        throw new SpreadsheetError(
          'corrupt',
          `CSV record longer than ${this.maxRecordChars} characters (unclosed quote?)`,
        );
      }
      return rows;
    };
    while (i < n) {
      let c = s.charCodeAt(i);
      let value: string;
      if (c === QUOTE) {
        value = '';
        let seg = i + 1;
        for (;;) {
          const q = s.indexOf('"', seg);
          if (q < 0) {
            if (!final) return suspend();
            value += s.slice(seg); // unclosed quote at end of file: keep the text
            i = n;
            break;
          }
          if (q + 1 >= n && !final) return suspend(); // cannot tell a closing quote from a doubled one yet
          if (s.charCodeAt(q + 1) === QUOTE) {
            value += s.slice(seg, q + 1);
            seg = q + 2;
            continue;
          }
          value += s.slice(seg, q);
          i = q + 1;
          break;
        }
        // text between a closing quote and the delimiter is kept (Excel does the same)
        let k = i;
        while (k < n && (c = s.charCodeAt(k)) !== d && c !== LF && c !== CR) k++;
        if (k > i) value += s.slice(i, k);
        i = k;
      } else {
        let k = i;
        while (k < n && (c = s.charCodeAt(k)) !== d && c !== LF && c !== CR) k++;
        value = s.slice(i, k);
        i = k;
      }
      row.push(value);
      if (i >= n) {
        if (!final) return suspend();
        rows.push(row);
        break;
      }
      c = s.charCodeAt(i);
      if (c === d) {
        i++;
        if (i >= n) {
          if (!final) return suspend();
          row.push('');
          rows.push(row);
          row = [];
        }
        continue;
      }
      if (c === CR) {
        if (i + 1 >= n && !final) return suspend();
        if (s.charCodeAt(i + 1) === LF) i++;
      }
      i++;
      rows.push(row);
      row = [];
      rowStart = i;
    }
    return rows;
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
