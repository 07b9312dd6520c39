import { createInflateRaw, inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { readZipDirectory, type ZipEntryInfo } from './zip-guard.js';

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

export interface XlsxCell {
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

class Unsupported extends Error {}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const ENC = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const CODE = /_x([\da-fA-F]{4})_/gi;

const decodeEntity = ($$: string, $1: string | undefined): string =>
  ENTITIES[$$] ?? (String.fromCharCode(parseInt($1 ?? '', $$.indexOf('x') > -1 ? 16 : 10)) || $$);
const decodeCode = (_m: string, c: string): string => String.fromCharCode(parseInt(c, 16));
function rawUnescape(s: string): string {
  const i = s.indexOf('<![CDATA[');
  if (i === -1) {
    if (s.indexOf('&') === -1 && s.indexOf('_x') === -1) return s;
    return s.replace(ENC, decodeEntity).replace(CODE, decodeCode);
  }
  const j = s.indexOf(']]>');
  return rawUnescape(s.slice(0, i)) + s.slice(i + 9, j) + rawUnescape(s.slice(j + 3));
}

/** SheetJS's unescapexml (entities, `_xHHHH_`, CDATA; `xlsx`: CRLF → LF). */
export function unescapeXml(text: string, xlsx = false): string {
  const out = rawUnescape(text);
  return xlsx && out.indexOf('\r\n') !== -1 ? out.replace(/\r\n/g, '\n') : out;
}

const ATTRS = new Map<string, RegExp>();
/** One attribute of a tag (with or without a namespace prefix), like SheetJS's parsexmltag reads it. */
function attr(tag: string, name: string): string | undefined {
  let re = ATTRS.get(name);
  if (!re) ATTRS.set(name, (re = new RegExp(`\\s(?:\\w+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = re.exec(tag);
  return m ? (m[1] ?? m[2]) : undefined;
}

function attrs(tag: string): Record<string, string> {
  const out = Object.create(null) as Record<string, string>; // attribute names from the file: no prototype
  for (const m of tag.matchAll(/([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const key = m[1]!;
    out[key] = m[2] ?? m[3] ?? '';
    // also without the namespace prefix (`r:id` → `id`), as SheetJS reads them
    const bare = key.slice(key.indexOf(':') + 1);
    if (!(bare in out)) out[bare] = out[key]!;
  }
  return out;
}

/** The text of a shared or inline string item (`<si>` / `<is>` content), like SheetJS's parse_si. */
function stringItem(x: string): string {
  if (!x) return '';
  if (/^\s*<(?:\w+:)?t[^>]*>/.test(x))
    return unescapeXml(x.slice(x.indexOf('>') + 1).split(/<\/(?:\w+:)?t>/)[0] ?? '', true);
  if (/<(?:\w+:)?r\b[^<>]*>/.test(x)) {
    const noPhonetic = x.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
    const runs = noPhonetic.match(/<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g) ?? [];
    return unescapeXml(runs.join('').replace(/<[^>]*>/g, ''), true);
  }
  return ''; // SheetJS: an item without t or r has no text
}

/** First `<name>` element's content (namespace prefix allowed), like SheetJS's str_match_xml_ns. */
const ELEMENTS = new Map<string, RegExp>();
function element(d: string, name: string): string | undefined {
  let re = ELEMENTS.get(name);
  if (!re) ELEMENTS.set(name, (re = new RegExp(`<(?:\\w+:)?${name}\\b[^<>]*>([\\s\\S]*?)</(?:\\w+:)?${name}>`)));
  const m = re.exec(d);
  return m ? m[1] : undefined;
}

function colIndex(ref: string): number {
  let idx = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const cc = ref.charCodeAt(i) - 64;
    if (cc < 1 || cc > 26) break;
    idx = 26 * idx + cc;
  }
  return idx - 1;
}

function decodeRange(ref: string): { s: { r: number; c: number }; e: { r: number; c: number } } {
  return XLSX.utils.decode_range(ref);
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
  const entries = new Map(readZipDirectory(bytes).map((e) => [e.name, e]));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const raw = (e: ZipEntryInfo) => {
    const p = e.localHeaderOffset;
    const start = p + 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true);
    const data = bytes.subarray(start, start + e.compressedSize);
    if (e.method === 0) return { data, deflated: false };
    if (e.method === 8) return { data, deflated: true };
    throw new Unsupported(`compression ${e.method}`);
  };
  const text = (name: string): string | undefined => {
    const e = entries.get(name);
    if (!e) return undefined;
    const { data, deflated } = raw(e);
    return new TextDecoder().decode(deflated ? inflateRawSync(data) : data);
  };

  const workbook = text('xl/workbook.xml');
  if (workbook === undefined) throw new Unsupported('no xl/workbook.xml');
  const wbPr = /<(?:\w+:)?workbookPr\b[^>]*>/.exec(workbook);
  if (wbPr && /date1904\s*=\s*["'](1|true)["']/i.test(wbPr[0])) throw new Unsupported('date1904');
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map((m) => attrs(m[0]));
  const sheetNames = sheets.map((s) => unescapeXml(s.name ?? ''));
  const index = typeof opts.sheet === 'string' ? sheetNames.indexOf(opts.sheet) : (opts.sheet ?? 0);
  const sheet = sheets[index];
  if (!sheet) throw new Unsupported('no such sheet');
  const sheetName = sheetNames[index]!;

  const rels = text('xl/_rels/workbook.xml.rels') ?? '';
  const relations = [...rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)].map((m) => attrs(m[0]));
  const target = (t: string) => (t.startsWith('/') ? t.slice(1) : `xl/${t}`).replace(/[^/]+\/\.\.\//g, '');
  const rel = relations.find((r) => r.Id === (sheet['r:id'] ?? sheet.id));
  if (!rel?.Target || !/\/worksheet$/.test(rel.Type ?? '')) throw new Unsupported('not a worksheet');
  const sheetPath = target(rel.Target);
  const sheetEntry = entries.get(sheetPath);
  if (!sheetEntry) throw new Unsupported('sheet part missing');

  // shared strings
  const sstRel = relations.find((r) => /\/sharedStrings$/.test(r.Type ?? ''));
  const sstXml = text(sstRel?.Target ? target(sstRel.Target) : 'xl/sharedStrings.xml');
  const strings: string[] = [];
  if (sstXml)
    for (const m of sstXml.matchAll(/<(?:\w+:)?(?:si|sstItem)>([\s\S]*?)<\/(?:\w+:)?(?:si|sstItem)>|<(?:\w+:)?si\/>/g))
      strings.push(stringItem(m[1] ?? ''));

  // number formats: custom ones into SheetJS's table (as its own read does), each cell style's format id
  const stylesRel = relations.find((r) => /\/styles$/.test(r.Type ?? ''));
  const stylesXml = text(stylesRel?.Target ? target(stylesRel.Target) : 'xl/styles.xml');
  let xfFormats: number[] | undefined;
  if (stylesXml) {
    for (const m of (element(stylesXml, 'numFmts') ?? '').matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g)) {
      const a = attrs(m[0]);
      if (a.numFmtId !== undefined && a.formatCode !== undefined)
        XLSX.SSF.load(unescapeXml(a.formatCode), parseInt(a.numFmtId, 10));
    }
    const cellXfs = element(stylesXml, 'cellXfs');
    if (cellXfs !== undefined)
      xfFormats = [...cellXfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)].map((m) => {
        const id = attrs(m[0]).numFmtId;
        return id === undefined ? 0 : parseInt(id, 10);
      });
  }
  const table = XLSX.SSF.get_table() as Record<number, string>;
  const ssfOpts = { dateNF: opts.dateNF };

  const data: (string[] | undefined)[] = [];
  let guessLastRow = -1;
  let dimLastRow: number | undefined;
  let rowNumber = 0;

  const parseCell = (x: string, rowIndex: number, col: number) => {
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
  };
  const cell = (x: string, rowIndex: number, col: number): number => {
    const { r, c, a, d } = parseCell(x, rowIndex, col);
    const vText = element(d, 'v');
    let v: string | undefined = vText !== undefined && vText !== '' ? unescapeXml(vText) : undefined;
    if (a.t === undefined && v === undefined) return c;
    let t = a.t ?? 'n';
    let value: string | number | boolean;
    let w: string | undefined;
    switch (t) {
      case 'n':
        if (v === undefined || v === '') return c;
        value = parseFloat(v);
        break;
      case 's':
        if (v === undefined) return c;
        value = strings[parseInt(v, 10)] ?? '';
        if (strings[parseInt(v, 10)] === undefined) throw new Unsupported('shared string index');
        break;
      case 'str':
        t = 's';
        value = v !== undefined ? unescapeXml(v, true) : '';
        break;
      case 'inlineStr': {
        t = 's';
        const is = element(d, 'is');
        value = is !== undefined ? stringItem(is) : '';
        break;
      }
      case 'b':
        value = v === '1' || v === 'true';
        break;
      case 'e':
        w = v;
        value = v ?? '';
        v = undefined;
        break;
      default:
        throw new Unsupported(`cell type ${t}`);
    }
    const fmtid = xfFormats && a.s !== undefined && xfFormats[Number(a.s)] !== undefined ? xfFormats[Number(a.s)]! : 0;
    if (table[fmtid] == null) throw new Unsupported(`number format ${fmtid}`);
    const out: XlsxCell = { t, v: value, z: table[fmtid] };
    if (t === 'e') out.w = w;
    else
      try {
        const n = value as number;
        out.w = fmtid === 0 && t === 'n' && (n | 0) === n ? n.toString(10) : XLSX.SSF.format(fmtid, value, ssfOpts);
      } catch {
        // SheetJS (safe_format) swallows a format it cannot apply: no display text
      }
    let row = data[r];
    if (!row) data[r] = row = [];
    row[c] = opts.text(out);
    return c;
  };

  const row = (x: string): void => {
    const open = x.indexOf('>');
    const r = attr(x.slice(0, open + 1), 'r');
    rowNumber = r !== undefined ? parseInt(r, 10) : rowNumber + 1;
    if (opts.sheetRows && opts.sheetRows < rowNumber) return;
    if (guessLastRow < rowNumber - 1) guessLastRow = rowNumber - 1;
    if (x.slice(0, open + 1).endsWith('/>')) return;
    const body = x.slice(open + 1);
    let col = -1;
    for (const m of body.matchAll(/<(?:\w+:)?c\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?c>)/g))
      col = cell(m[0], rowNumber - 1, col + 1); // a cell without `r` is the one after the previous
  };

  // the sheet XML, inflated and parsed a piece at a time
  let buffer = '';
  let inData = false;
  let emptyRow: string | undefined;
  const decoder = new TextDecoder();
  const consume = (final: boolean) => {
    if (!inData) {
      const i = buffer.search(/<(?:\w+:)?sheetData\b/);
      if (i < 0) {
        if (final) buffer = '';
        return;
      }
      const head = buffer.slice(0, i);
      const dim = head.search(/<(?:\w*:)?dimension/);
      if (dim >= 0) {
        const m = /"(\w*:\w*)"/.exec(head.slice(dim, dim + 50));
        if (m) {
          const range = decodeRange(m[1]!);
          if (range.s.r <= range.e.r && range.s.c <= range.e.c && range.s.r >= 0 && range.s.c >= 0)
            dimLastRow = range.e.r;
        }
      }
      inData = true;
      buffer = buffer.slice(i);
    }
    for (;;) {
      const start = buffer.search(/<(?:\w+:)?row\b/);
      if (start < 0) break;
      const openEnd = buffer.indexOf('>', start);
      if (openEnd < 0) break;
      if (buffer[openEnd - 1] === '/') {
        // SheetJS skips an empty `<row/>` that another row follows; only trailing ones count (the last of them)
        emptyRow = buffer.slice(start, openEnd + 1);
        buffer = buffer.slice(openEnd + 1);
        continue;
      }
      emptyRow = undefined;
      const close = /<\/(?:\w+:)?row>/.exec(buffer.slice(openEnd));
      if (!close) break;
      const end = openEnd + close.index + close[0].length;
      row(buffer.slice(start, end));
      buffer = buffer.slice(end);
    }
    if (final) {
      buffer = '';
      if (emptyRow) row(emptyRow);
    }
  };
  const { data: sheetData, deflated } = raw(sheetEntry);
  if (!deflated) {
    buffer = decoder.decode(sheetData);
    consume(true);
  } else {
    await new Promise<void>((resolve, reject) => {
      const z = createInflateRaw({ chunkSize: 256 * 1024 });
      z.on('data', (chunk: Buffer) => {
        try {
          buffer += decoder.decode(chunk, { stream: true });
          consume(false);
        } catch (e) {
          z.destroy();
          reject(e as Error);
        }
      });
      z.on('end', () => {
        try {
          buffer += decoder.decode();
          consume(true);
          resolve();
        } catch (e) {
          reject(e as Error);
        }
      });
      z.on('error', reject);
      z.end(sheetData);
    });
  }

  // SheetJS's range: the dimension when valid, else the rows seen; `sheetRows` cuts it
  let lastRow = dimLastRow ?? guessLastRow;
  if (opts.sheetRows > 0 && lastRow >= 0 && opts.sheetRows <= lastRow) {
    lastRow = opts.sheetRows - 1;
    if (lastRow > guessLastRow) lastRow = guessLastRow;
  }
  return { sheetName, sheetNames, data, lastRow };
}
