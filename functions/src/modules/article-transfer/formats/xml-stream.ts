import { isUtf8 } from 'node:buffer';

/**
 * A small pull tokenizer for the XML subset catalogue files use (BMEcat): elements, attributes, text, CDATA,
 * the predefined and numeric entities; comments, processing instructions and the DOCTYPE are skipped. The bytes
 * are decoded in slices (TextDecoder in stream mode), so besides the input buffer only the unread slice and
 * the current token are held. No validation beyond well-formed tags; tag nesting is the caller's business
 * (it knows which elements it collects). Unknown named entities (HTML's `&nbsp;` in sloppy files) stay as
 * written instead of failing the file.
 */

export type XmlAttrs = Record<string, string>;

export type XmlToken =
  | { t: 'start'; name: string; attrs: XmlAttrs | undefined; selfClosing: boolean }
  | { t: 'end'; name: string }
  | { t: 'text'; text: string };

/** A well-formedness error; `message` is German (it ends up in the import report). */
export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

/** The encoding could not be determined or is not supported. */
export class XmlEncodingError extends Error {
  constructor(readonly label: string) {
    super(`unsupported encoding ${label}`);
    this.name = 'XmlEncodingError';
  }
}

const SLICE = 1 << 16;
/** A start tag (with its attributes) longer than this is treated as broken, not read further. */
const MAX_TAG = 1 << 16;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z_][\w.-]{0,31});/g;

/** Resolves the predefined and numeric entities; others are left as written. */
export function decodeXmlEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    return String.fromCodePoint(code);
  });
}

const NAME = '[A-Za-z_:\\u00C0-\\uFFEF][-\\w.:\\u00B7-\\uFFEF]*';
const START_TAG = new RegExp(`<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, 'y');
const ATTR = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');
const END_TAG = new RegExp(`</(${NAME})\\s*>`, 'y');

/** How the file's bytes are decoded: BOM, then the XML declaration, UTF-8 by default. */
export interface XmlEncoding {
  /** the TextDecoder label used */
  label: string;
  /** bytes to skip (a byte-order mark) */
  start: number;
  /** true when the file says UTF-8 (or nothing) but is not: decoded as Windows-1252 instead */
  fallback: boolean;
}

export function detectXmlEncoding(bytes: Buffer): XmlEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { label: 'utf-8', start: 3, fallback: false };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: 'utf-16le', start: 2, fallback: false };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: 'utf-16be', start: 2, fallback: false };
  // UTF-16 without a byte-order mark: the first '<' tells the byte order
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] !== 0x00)
    return { label: 'utf-16le', start: 0, fallback: false };
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00)
    return { label: 'utf-16be', start: 0, fallback: false };
  const head = bytes.subarray(0, 1024).toString('latin1');
  const declared = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (!declared || declared === 'utf-8' || declared === 'utf8') {
    // a file that says UTF-8 but holds single-byte umlauts is common enough to read it as what it most likely is
    return isUtf8(bytes)
      ? { label: 'utf-8', start: 0, fallback: false }
      : { label: 'windows-1252', start: 0, fallback: true };
  }
  try {
    new TextDecoder(declared);
  } catch {
    throw new XmlEncodingError(declared);
  }
  return { label: declared, start: 0, fallback: false };
}

/** Pull tokenizer over one file's bytes. */
export class XmlScanner {
  private buf = '';
  private pos = 0;
  private byte: number;
  private eof = false;
  private readonly decoder: TextDecoder;
  readonly encoding: XmlEncoding;

  constructor(
    private readonly bytes: Buffer,
    private readonly slice = SLICE,
  ) {
    this.encoding = detectXmlEncoding(bytes);
    this.byte = this.encoding.start;
    this.decoder = new TextDecoder(this.encoding.label);
  }

  /** Appends the next decoded slice, dropping what was read; false at the end of the file. */
  private fill(keepFrom = this.pos): boolean {
    if (this.eof) return false;
    const end = Math.min(this.bytes.length, this.byte + this.slice);
    const last = end >= this.bytes.length;
    const text = this.decoder.decode(this.bytes.subarray(this.byte, end), { stream: !last });
    this.byte = end;
    if (last) this.eof = true;
    this.buf = this.buf.slice(keepFrom) + text;
    this.pos -= keepFrom;
    return true;
  }

  /** Index of `needle` at or after `from`, reading further slices as needed; -1 at the end of the file. */
  private find(needle: string, from: number): number {
    let searchFrom = from;
    for (;;) {
      const i = this.buf.indexOf(needle, searchFrom);
      if (i >= 0) return i;
      const before = this.buf.length;
      const dropped = this.pos;
      if (!this.fill()) return -1;
      // positions shift by what fill dropped; a needle may straddle the old end
      searchFrom = Math.max(searchFrom - dropped, before - dropped - needle.length + 1, this.pos);
    }
  }

  private ensure(n: number): void {
    while (this.buf.length - this.pos < n && this.fill()) {
      /* read on */
    }
  }

  /** The next token, or undefined at the end of the file. */
  next(): XmlToken | undefined {
    for (;;) {
      if (this.pos >= this.buf.length && !this.fill()) return undefined;
      if (this.pos >= this.buf.length) continue;
      if (this.buf.charCodeAt(this.pos) !== 60 /* < */) {
        const lt = this.find('<', this.pos);
        const end = lt < 0 ? this.buf.length : lt;
        const text = this.buf.slice(this.pos, end);
        this.pos = end;
        return { t: 'text', text: decodeXmlEntities(text) };
      }
      this.ensure(9);
      const b = this.buf;
      const p = this.pos;
      const c1 = b[p + 1];
      if (c1 === '!') {
        if (b.startsWith('<!--', p)) {
          this.skipPast('-->', 'Kommentar ohne Ende');
          continue;
        }
        if (b.startsWith('<![CDATA[', p)) {
          const end = this.find(']]>', this.pos + 9);
          if (end < 0) throw new XmlSyntaxError('CDATA-Abschnitt ohne Ende');
          const text = this.buf.slice(this.pos + 9, end);
          this.pos = end + 3;
          return { t: 'text', text };
        }
        if (b.startsWith('<!DOCTYPE', p)) {
          this.skipDoctype();
          continue;
        }
        throw new XmlSyntaxError('unerwartetes „<!“');
      }
      if (c1 === '?') {
        this.skipPast('?>', 'Verarbeitungsanweisung ohne Ende');
        continue;
      }
      if (c1 === '/') {
        const gt = this.find('>', this.pos);
        if (gt < 0) throw new XmlSyntaxError('End-Tag ohne „>“');
        END_TAG.lastIndex = this.pos;
        const m = END_TAG.exec(this.buf);
        if (!m) throw new XmlSyntaxError(`ungültiges End-Tag „${this.excerpt()}“`);
        this.pos = END_TAG.lastIndex;
        return { t: 'end', name: m[1]! };
      }
      return this.startTag();
    }
  }

  private startTag(): XmlToken {
    for (;;) {
      START_TAG.lastIndex = this.pos;
      const m = START_TAG.exec(this.buf);
      if (m) {
        this.pos = START_TAG.lastIndex;
        let attrs: XmlAttrs | undefined;
        if (m[2]) {
          attrs = {};
          ATTR.lastIndex = 0;
          for (let a = ATTR.exec(m[2]); a; a = ATTR.exec(m[2])) attrs[a[1]!] = decodeXmlEntities(a[2] ?? a[3] ?? '');
        }
        return { t: 'start', name: m[1]!, attrs, selfClosing: m[3] === '/' };
      }
      // maybe only cut off at the end of the slice: read on, up to a tag's sane length
      if (this.eof || this.buf.length - this.pos > MAX_TAG || !this.fill())
        throw new XmlSyntaxError(`ungültiges Tag „${this.excerpt()}“`);
    }
  }

  private skipPast(needle: string, error: string): void {
    const end = this.find(needle, this.pos + 2);
    if (end < 0) throw new XmlSyntaxError(error);
    this.pos = end + needle.length;
  }

  private skipDoctype(): void {
    const gt = this.find('>', this.pos);
    if (gt < 0) throw new XmlSyntaxError('DOCTYPE ohne Ende');
    const bracket = this.buf.indexOf('[', this.pos);
    if (bracket >= 0 && bracket < gt) {
      const close = this.find(']', bracket);
      if (close < 0) throw new XmlSyntaxError('DOCTYPE ohne Ende');
      const end = this.find('>', close);
      if (end < 0) throw new XmlSyntaxError('DOCTYPE ohne Ende');
      this.pos = end + 1;
    } else this.pos = gt + 1;
  }

  /** A short piece of the text at the current position, for error messages. */
  private excerpt(): string {
    const s = this.buf.slice(this.pos, this.pos + 40).replace(/\s+/g, ' ');
    return s.length === 40 ? `${s}…` : s;
  }

  /**
   * Recovery after a syntax error: skips the text up to and including the end tag `</qname>`; false when the
   * file ends first. Reads slice by slice, keeping only a short tail, so a missing end tag does not load the rest.
   */
  skipToEndTag(qname: string): boolean {
    const re = new RegExp(`</${qname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*>`, 'g');
    for (;;) {
      re.lastIndex = this.pos;
      const m = re.exec(this.buf);
      if (m) {
        this.pos = m.index + m[0].length;
        return true;
      }
      const keep = Math.max(this.pos, this.buf.length - qname.length - 16);
      this.pos = keep;
      if (!this.fill(keep)) return false;
    }
  }

  /** Characters decoded so far that are still held (tests check that memory stays bounded). */
  get heldChars(): number {
    return this.buf.length;
  }
}
