import { inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { readZipDirectory, type ZipEntryInfo } from './zip-guard.js';

/**
 * The parts of an .xlsx package the streamed reader (xlsx-rows.ts) needs besides the sheet: the zip entries, the
 * workbook's sheets and relations, the shared strings and the cell formats, read as SheetJS reads them (xlsx.mjs
 * parse_si, parsexmltag, str_match_xml_ns, unescapexml).
 */

/** Something the streamed reader does not handle: the caller reads the workbook with SheetJS instead. */
export class Unsupported extends Error {}

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
export function attr(tag: string, name: string): string | undefined {
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
export function stringItem(x: string): string {
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
export function element(d: string, name: string): string | undefined {
  let re = ELEMENTS.get(name);
  if (!re) ELEMENTS.set(name, (re = new RegExp(`<(?:\\w+:)?${name}\\b[^<>]*>([\\s\\S]*?)</(?:\\w+:)?${name}>`)));
  const m = re.exec(d);
  return m ? m[1] : undefined;
}

export function colIndex(ref: string): number {
  let idx = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const cc = ref.charCodeAt(i) - 64;
    if (cc < 1 || cc > 26) break;
    idx = 26 * idx + cc;
  }
  return idx - 1;
}

/** A zip member's bytes as stored, and whether they are deflated. */
export interface StoredPart {
  data: Uint8Array;
  deflated: boolean;
}

/** The package: its zip entries, read as stored or as whole text (the small parts). */
export class XlsxPackage {
  private readonly entries: Map<string, ZipEntryInfo>;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.entries = new Map(readZipDirectory(bytes).map((e) => [e.name, e]));
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  stored(name: string): StoredPart | undefined {
    const e = this.entries.get(name);
    if (!e) return undefined;
    const p = e.localHeaderOffset;
    const start = p + 30 + this.view.getUint16(p + 26, true) + this.view.getUint16(p + 28, true);
    const data = this.bytes.subarray(start, start + e.compressedSize);
    if (e.method === 0) return { data, deflated: false };
    if (e.method === 8) return { data, deflated: true };
    throw new Unsupported(`compression ${e.method}`);
  }

  text(name: string): string | undefined {
    const part = this.stored(name);
    if (!part) return undefined;
    return new TextDecoder().decode(part.deflated ? inflateRawSync(part.data) : part.data);
  }
}

interface XlsxWorkbook {
  sheetName: string;
  sheetNames: string[];
  /** the chosen worksheet's part name */
  sheetPath: string;
  /** the part a workbook relation of this type points to (`fallback` without one) */
  partOf(type: 'sharedStrings' | 'styles', fallback: string): string;
}

/** The workbook's sheets and relations: the chosen sheet's part (a worksheet; date1904 workbooks are left to SheetJS). */
export function readXlsxWorkbook(pkg: XlsxPackage, choice: string | number | undefined): XlsxWorkbook {
  const workbook = pkg.text('xl/workbook.xml');
  if (workbook === undefined) throw new Unsupported('no xl/workbook.xml');
  const wbPr = /<(?:\w+:)?workbookPr\b[^>]*>/.exec(workbook);
  if (wbPr && /date1904\s*=\s*["'](1|true)["']/i.test(wbPr[0])) throw new Unsupported('date1904');
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map((m) => attrs(m[0]));
  const sheetNames = sheets.map((s) => unescapeXml(s.name ?? ''));
  const index = typeof choice === 'string' ? sheetNames.indexOf(choice) : (choice ?? 0);
  const sheet = sheets[index];
  if (!sheet) throw new Unsupported('no such sheet');

  const rels = pkg.text('xl/_rels/workbook.xml.rels') ?? '';
  const relations = [...rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)].map((m) => attrs(m[0]));
  const target = (t: string) => (t.startsWith('/') ? t.slice(1) : `xl/${t}`).replace(/[^/]+\/\.\.\//g, '');
  const rel = relations.find((r) => r.Id === (sheet['r:id'] ?? sheet.id));
  if (!rel?.Target || !/\/worksheet$/.test(rel.Type ?? '')) throw new Unsupported('not a worksheet');
  const sheetPath = target(rel.Target);
  if (!pkg.has(sheetPath)) throw new Unsupported('sheet part missing');
  return {
    sheetName: sheetNames[index]!,
    sheetNames,
    sheetPath,
    partOf(type, fallback) {
      const found = relations.find((r) => new RegExp(`/${type}$`).test(r.Type ?? ''));
      return found?.Target ? target(found.Target) : fallback;
    },
  };
}

/** The shared string table, as SheetJS's parse_sst reads it. */
export function readSharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (xml)
    for (const m of xml.matchAll(/<(?:\w+:)?(?:si|sstItem)>([\s\S]*?)<\/(?:\w+:)?(?:si|sstItem)>|<(?:\w+:)?si\/>/g))
      strings.push(stringItem(m[1] ?? ''));
  return strings;
}

/**
 * Number formats: the custom ones go into SheetJS's table (as its own read does); answers each cell style's format
 * id (undefined without cellXfs).
 */
export function readCellFormats(stylesXml: string | undefined): number[] | undefined {
  if (!stylesXml) return undefined;
  for (const m of (element(stylesXml, 'numFmts') ?? '').matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g)) {
    const a = attrs(m[0]);
    if (a.numFmtId !== undefined && a.formatCode !== undefined)
      XLSX.SSF.load(unescapeXml(a.formatCode), parseInt(a.numFmtId, 10));
  }
  const cellXfs = element(stylesXml, 'cellXfs');
  if (cellXfs === undefined) return undefined;
  return [...cellXfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)].map((m) => {
    const id = attrs(m[0]).numFmtId;
    return id === undefined ? 0 : parseInt(id, 10);
  });
}
