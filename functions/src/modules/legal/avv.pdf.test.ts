import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderAvvPdf, winAnsiSafe, wrap } from './avv.pdf.js';
import { avvFilename } from './legal.service.js';

/** All page text as drawn (pdf-lib writes hex strings of WinAnsi bytes into flate streams). */
async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let out = '';
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    let content: Buffer;
    try {
      content = inflateSync(Buffer.from(obj.contents));
    } catch {
      continue;
    }
    for (const m of content.toString('latin1').matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      out += Buffer.from(m[1]!, 'hex').toString('latin1') + '\n';
  }
  return out;
}

describe('AVV PDF', () => {
  const company = {
    name: 'Müller Maschinenbau GmbH',
    customerNumber: 'K-10001',
    address: { street: 'Daimlerstraße', houseNo: '8', zip: '73037', city: 'Göppingen' },
  };

  it('is a multi-page PDF with the company data and the contract sections', async () => {
    const bytes = await renderAvvPdf({ company, date: new Date('2026-03-04T10:00:00Z') });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getTitle()).toContain('Müller Maschinenbau GmbH');
    const text = await pageText(bytes);
    for (const expected of [
      'Müller Maschinenbau GmbH',
      'Kundennummer: K-10001',
      'Daimlerstraße 8, 73037 Göppingen',
      '04.03.2026',
      'Schrankwerk GmbH',
      'Industriestraße 12, 70565 Stuttgart',
      '§ 1 Gegenstand des Auftrags',
      '§ 2 Dauer des Auftrags',
      '§ 3 Art und Zweck der Verarbeitung',
      '§ 4 Art der personenbezogenen Daten',
      '§ 5 Kategorien betroffener Personen',
      '§ 6 Pflichten des Auftragsverarbeiters',
      '§ 7 Technische und organisatorische Maßnahmen',
      '§ 8 Unterauftragsverhältnisse',
      '§ 9 Rechte und Pflichten des Verantwortlichen',
      '§ 10 Löschung und Rückgabe von Daten',
      '§ 11 Haftung',
      'Seite 2',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/\/tom/);
    expect(text).toMatch(/\/subcontractors/);
  });

  it('survives characters outside WinAnsi and very long words', async () => {
    const bytes = await renderAvvPdf({
      company: { name: 'Łódź Elektro 株式会社 ' + 'X'.repeat(300), address: company.address },
      date: new Date(),
    });
    const text = await pageText(bytes);
    expect(text).toContain('?ód? Elektro ????');
  });

  it('wraps by measured width', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = wrap(font, 10, 'wort '.repeat(100), 200);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(winAnsiSafe(font, 'äöüß€„“–')).toBe('äöüß€„“–');
  });

  it('names the download AVV-<company>.pdf with a header-safe name', () => {
    expect(avvFilename('Müller Maschinenbau GmbH')).toBe('AVV-Mueller-Maschinenbau-GmbH.pdf');
    expect(avvFilename('"; evil\r\n')).toBe('AVV-evil.pdf');
  });
});
