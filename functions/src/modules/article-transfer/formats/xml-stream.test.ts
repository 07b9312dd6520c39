import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { XmlScanner, XmlSyntaxError, decodeXmlEntities, detectXmlEncoding, type XmlToken } from './xml-stream.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function tokens(bytes: Buffer, slice?: number): XmlToken[] {
  const s = new XmlScanner(bytes, slice);
  const out: XmlToken[] = [];
  for (let t = s.next(); t; t = s.next()) out.push(t);
  return out;
}

describe('XmlScanner', () => {
  it('gives the same tokens whatever the slice size (tags, entities, CDATA and multi-byte characters cut anywhere)', () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(fixture('bmecat-2005-catalog.xml').toString('utf8').replace('UTF-8', 'UTF-16'), 'utf16le'),
    ]);
    for (const bytes of [fixture('bmecat-2005-catalog.xml'), fixture('bmecat-1.2-latin1.xml'), utf16]) {
      const whole = tokens(bytes);
      expect(whole.length).toBeGreaterThan(100);
      for (const slice of [1, 2, 3, 5, 7, 64]) expect(tokens(bytes, slice)).toEqual(whole);
    }
  });

  it('reads start tags with attributes in either quotes, self-closing tags, end tags and text', () => {
    expect(tokens(Buffer.from(`<a x="1" y='&lt;2&gt;'><b/>t&amp;t</a >`))).toEqual([
      { t: 'start', name: 'a', attrs: { x: '1', y: '<2>' }, selfClosing: false },
      { t: 'start', name: 'b', attrs: undefined, selfClosing: true },
      { t: 'text', text: 't&t' },
      { t: 'end', name: 'a' },
    ]);
  });

  it('throws XmlSyntaxError for broken tags, and skips to an end tag to recover', () => {
    const s = new XmlScanner(Buffer.from('<P><Q>a < b</Q></P><P>ok</P>'));
    expect(s.next()).toMatchObject({ t: 'start', name: 'P' });
    expect(s.next()).toMatchObject({ t: 'start', name: 'Q' });
    expect(s.next()).toMatchObject({ t: 'text', text: 'a ' });
    expect(() => s.next()).toThrow(XmlSyntaxError);
    expect(s.skipToEndTag('P')).toBe(true);
    expect(s.next()).toMatchObject({ t: 'start', name: 'P' });
    expect(s.skipToEndTag('NIRGENDS')).toBe(false);
    for (const broken of ['<!-- offen', '<![CDATA[ offen', '<a', '</a', '<!x>', '<a b=c>'])
      expect(() => tokens(Buffer.from(broken)), broken).toThrow(XmlSyntaxError);
  });

  it('decodes the predefined and numeric entities only', () => {
    expect(decodeXmlEntities('&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&nbsp;&#xD800;')).toBe('&<>"\'AB&nbsp;&#xD800;');
  });

  it('detects the encoding from the BOM and the declaration', () => {
    expect(detectXmlEncoding(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'))).toMatchObject({
      label: 'iso-8859-1',
    });
    expect(detectXmlEncoding(Buffer.from("<?xml version='1.0' encoding='windows-1252'?>"))).toMatchObject({
      label: 'windows-1252',
    });
    expect(detectXmlEncoding(Buffer.from('<a>ä</a>'))).toEqual({ label: 'utf-8', start: 0, fallback: false });
    expect(detectXmlEncoding(Buffer.from([0x3c, 0x61, 0x3e, 0xe4, 0x3c]))).toEqual({
      label: 'windows-1252',
      start: 0,
      fallback: true,
    });
    expect(detectXmlEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]))).toMatchObject({ label: 'utf-8', start: 3 });
    expect(detectXmlEncoding(Buffer.from('<a/>', 'utf16le'))).toMatchObject({ label: 'utf-16le', start: 0 });
  });
});
