import { createInflateRaw } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import {
  attr,
  colIndex,
  element,
  readCellFormats,
  readSharedStrings,
  readXlsxWorkbook,
  stringItem,
  unescapeXml,
  Unsupported,
  XlsxPackage,
  type StoredPart,
} from './xlsx-package.js';

/**
 * A streamed .xlsx reader for the one thing the BOM engine needs: one sheet as rows of cells, each cell the
 * object SheetJS would have built (`t`, `v`, `w`, `z`), so `cellText` gives the same text. The sheet XML is
 * inflated and parsed a piece at a time, row by row, instead of SheetJS's whole-workbook read (the inflated XML,
 * its string and every cell object at once: 100 000 rows peaked above 512 MB). It follows SheetJS's own
 * rules (xlsx.mjs parse_ws_xml_data, parse_si, safe_format; number formats through SheetJS's SSF with the same
 * options), and a differential test compares both readers on every workbook we have. Anything it does not
 * handle — a `date1904` workbook, `t="d"` cells, an unknown number format, a chart sheet — answers undefined and
 * the caller reads the workbook with SheetJS instead.
 */

interface XlsxCell {
  t: string;
  v: string | number | boolean;
  w?: string;
  z?: string | number;
}

export interface XlsxRowsOptions {
  sheet?: string | number;
  /** like SheetJS `sheetRows`: rows beyond it are not read */
  sheetRows: number;
  dateNF: string;
  /** a cell's text (kept instead of the cell object, so a row's cells are garbage right away) */
  text: (cell: XlsxCell) => string;
}

export interface XlsxRows {
  sheetName: string;
  sheetNames: string[];
  /** rows of cell texts from row 1 (undefined: no cells; holes: no cell), cut to the range as SheetJS computes it */
  data: (string[] | undefined)[];
  /** last row index of the range (-1: the sheet has no range, SheetJS's missing `!ref`) */
  lastRow: number;
}

/** A cell's place and its parts: attributes `r`, `t`, `s` and the content. */
function parseCell(x: string, rowIndex: number, col: number) {
  const open = x.indexOf('>');
  const tagText = x.slice(0, open + 1);
  const a = { r: attr(tagText, 'r'), t: attr(tagText, 't'), s: attr(tagText, 's') };
  const selfClosing = tagText.endsWith('/>');
  const d = selfClosing ? '' : x.slice(open + 1);
  let r = rowIndex;
  let c = col;
  if (a.r) {
    c = colIndex(a.r);
    r = Number(/\d+/.exec(a.r)?.[0] ?? rowIndex + 1) - 1;
  }
  return { r, c, a, d };
}

/**
 * A cell's type and value as SheetJS's parse_ws_xml_data builds them; undefined for a cell SheetJS leaves out
 * (no value), `e` cells carry their text in `w`.
 */
function cellValue(
  type: string | undefined,
  d: string,
  strings: string[],
): { t: string; value: string | number | boolean; w?: string } | undefined {
  const vText = element(d, 'v');
  const v: string | undefined = vText !== undefined && vText !== '' ? unescapeXml(vText) : undefined;
  if (type === undefined && v === undefined) return undefined;
  switch (type ?? 'n') {
    case 'n':
      return v === undefined || v === '' ? undefined : { t: 'n', value: parseFloat(v) };
    case 's': {
      if (v === undefined) return undefined;
      const value = strings[parseInt(v, 10)];
      if (value === undefined) throw new Unsupported('shared string index');
      return { t: 's', value };
    }
    case 'str':
      return { t: 's', value: v !== undefined ? unescapeXml(v, true) : '' };
    case 'inlineStr': {
      const is = element(d, 'is');
      return { t: 's', value: is !== undefined ? stringItem(is) : '' };
    }
    case 'b':
      return { t: 'b', value: v === '1' || v === 'true' };
    case 'e':
      return { t: 'e', value: v ?? '', w: v };
    default:
      throw new Unsupported(`cell type ${type}`);
  }
}

/** The sheet XML's rows, fed a piece at a time: cell texts into `data`, and what SheetJS's range needs. */
class SheetRows {
  readonly data: (string[] | undefined)[] = [];
  private guessLastRow = -1;
  private dimLastRow: number | undefined;
  private rowNumber = 0;
  private buffer = '';
  private inData = false;
  private emptyRow: string | undefined;
  private readonly table = XLSX.SSF.get_table() as Record<number, string>;
  private readonly ssfOpts: { dateNF: string };

  constructor(
    private readonly opts: XlsxRowsOptions,
    private readonly strings: string[],
    private readonly xfFormats: number[] | undefined,
  ) {
    this.ssfOpts = { dateNF: opts.dateNF };
  }

  private cell(x: string, rowIndex: number, col: number): number {
    const { r, c, a, d } = parseCell(x, rowIndex, col);
    const parsed = cellValue(a.t, d, this.strings);
    if (!parsed) return c;
    const { t, value } = parsed;
    const xf = this.xfFormats;
    const fmtid = xf && a.s !== undefined && xf[Number(a.s)] !== undefined ? xf[Number(a.s)]! : 0;
    if (this.table[fmtid] == null) throw new Unsupported(`number format ${fmtid}`);
    const out: XlsxCell = { t, v: value, z: this.table[fmtid] };
    if (t === 'e') out.w = parsed.w;
    else
      try {
        const n = value as number;
        out.w =
          fmtid === 0 && t === 'n' && (n | 0) === n ? n.toString(10) : XLSX.SSF.format(fmtid, value, this.ssfOpts);
      } catch {
        // SheetJS (safe_format) swallows a format it cannot apply: no display text
      }
    let row = this.data[r];
    if (!row) this.data[r] = row = [];
    row[c] = this.opts.text(out);
    return c;
  }

  private row(x: string): void {
    const open = x.indexOf('>');
    const r = attr(x.slice(0, open + 1), 'r');
    this.rowNumber = r !== undefined ? parseInt(r, 10) : this.rowNumber + 1;
    const { rowNumber } = this;
    if (this.opts.sheetRows && this.opts.sheetRows < rowNumber) return;
    if (this.guessLastRow < rowNumber - 1) this.guessLastRow = rowNumber - 1;
    if (x.slice(0, open + 1).endsWith('/>')) return;
    const body = x.slice(open + 1);
    let col = -1;
    for (const m of body.matchAll(/<(?:\w+:)?c\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?c>)/g))
      col = this.cell(m[0], rowNumber - 1, col + 1); // a cell without `r` is the one after the previous
  }

  /** Up to `<sheetData>`: the dimension, when valid, is SheetJS's range. */
  private head(): boolean {
    const i = this.buffer.search(/<(?:\w+:)?sheetData\b/);
    if (i < 0) return false;
    const head = this.buffer.slice(0, i);
    const dim = head.search(/<(?:\w*:)?dimension/);
    if (dim >= 0) {
      const m = /"(\w*:\w*)"/.exec(head.slice(dim, dim + 50));
      if (m) {
        const range = XLSX.utils.decode_range(m[1]!);
        if (range.s.r <= range.e.r && range.s.c <= range.e.c && range.s.r >= 0 && range.s.c >= 0)
          this.dimLastRow = range.e.r;
      }
    }
    this.inData = true;
    this.buffer = this.buffer.slice(i);
    return true;
  }

  /** Appends decoded sheet XML and reads the complete rows in it; `final` at the end of the part. */
  feed(text: string, final: boolean): void {
    this.buffer += text;
    if (!this.inData && !this.head()) {
      if (final) this.buffer = '';
      return;
    }
    for (;;) {
      const buffer = this.buffer;
      const start = buffer.search(/<(?:\w+:)?row\b/);
      if (start < 0) break;
      const openEnd = buffer.indexOf('>', start);
      if (openEnd < 0) break;
      if (buffer[openEnd - 1] === '/') {
        // SheetJS skips an empty `<row/>` that another row follows; only trailing ones count (the last of them)
        this.emptyRow = buffer.slice(start, openEnd + 1);
        this.buffer = buffer.slice(openEnd + 1);
        continue;
      }
      this.emptyRow = undefined;
      const close = /<\/(?:\w+:)?row>/.exec(buffer.slice(openEnd));
      if (!close) break;
      const end = openEnd + close.index + close[0].length;
      this.row(buffer.slice(start, end));
      this.buffer = this.buffer.slice(end);
    }
    if (final) {
      this.buffer = '';
      if (this.emptyRow) this.row(this.emptyRow);
    }
  }

  /** SheetJS's range: the dimension when valid, else the rows seen; `sheetRows` cuts it. */
  lastRow(): number {
    let lastRow = this.dimLastRow ?? this.guessLastRow;
    if (this.opts.sheetRows > 0 && lastRow >= 0 && this.opts.sheetRows <= lastRow) {
      lastRow = this.opts.sheetRows - 1;
      if (lastRow > this.guessLastRow) lastRow = this.guessLastRow;
    }
    return lastRow;
  }
}

/** Feeds a stored part's text to `feed`, inflating a piece at a time. */
async function streamPart({ data, deflated }: StoredPart, feed: (text: string, final: boolean) => void) {
  const decoder = new TextDecoder();
  if (!deflated) return feed(decoder.decode(data), true);
  await new Promise<void>((resolve, reject) => {
    const z = createInflateRaw({ chunkSize: 256 * 1024 });
    z.on('data', (chunk: Buffer) => {
      try {
        feed(decoder.decode(chunk, { stream: true }), false);
      } catch (e) {
        z.destroy();
        reject(e as Error);
      }
    });
    z.on('end', () => {
      try {
        feed(decoder.decode(), true);
        resolve();
      } catch (e) {
        reject(e as Error);
      }
    });
    z.on('error', reject);
    z.end(data);
  });
}

export async function readXlsxRows(bytes: Uint8Array, opts: XlsxRowsOptions): Promise<XlsxRows | undefined> {
  try {
    return await read(bytes, opts);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

async function read(bytes: Uint8Array, opts: XlsxRowsOptions): Promise<XlsxRows> {
  const pkg = new XlsxPackage(bytes);
  const book = readXlsxWorkbook(pkg, opts.sheet);
  const strings = readSharedStrings(pkg.text(book.partOf('sharedStrings', 'xl/sharedStrings.xml')));
  const xfFormats = readCellFormats(pkg.text(book.partOf('styles', 'xl/styles.xml')));
  const rows = new SheetRows(opts, strings, xfFormats);
  await streamPart(pkg.stored(book.sheetPath)!, (text, final) => rows.feed(text, final));
  return { sheetName: book.sheetName, sheetNames: book.sheetNames, data: rows.data, lastRow: rows.lastRow() };
}
