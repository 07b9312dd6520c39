import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Company } from '../../model/company.js';
import { AVV_SECTIONS, OPERATOR } from './avv.text.js';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = { left: 62, right: 62, top: 70, bottom: 70 };
const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

/** Standard fonts speak WinAnsi only: anything else (e.g. Polish 'ł') becomes '?'. */
export function winAnsiSafe(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((ch) => (ch === '\n' ? ch : supported.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('');
}

/** Greedy word wrap by measured width; overlong words are split. */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  private pageNo = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pageNo += 1;
    this.y = PAGE.height - MARGIN.top;
    const size = 8;
    const text = winAnsiSafe(this.regular, `${this.footer} – Seite ${this.pageNo}`);
    this.page.drawText(text, {
      x: MARGIN.left,
      y: MARGIN.bottom / 2,
      size,
      font: this.regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  }

  text(text: string, opts: { size?: number; bold?: boolean; gapAfter?: number; keepWithNext?: number } = {}): void {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    const leading = size * 1.4;
    const lines = wrap(font, size, winAnsiSafe(font, text), TEXT_WIDTH);
    // a heading must not end a page alone
    if (opts.keepWithNext && this.y - leading * (lines.length + opts.keepWithNext) < MARGIN.bottom) this.newPage();
    for (const line of lines) {
      if (this.y - leading < MARGIN.bottom) this.newPage();
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN.left, y: this.y, size, font, color: rgb(0, 0, 0) });
    }
    this.y -= opts.gapAfter ?? size * 0.6;
  }
}

export interface AvvParams {
  company: Pick<Company, 'name' | 'customerNumber' | 'address'>;
  date: Date;
}

function germanDate(date: Date): string {
  return new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(date);
}

/** The data-processing agreement (Art. 28 DSGVO) for one customer company, as PDF bytes. */
export async function renderAvvPdf({ company, date }: AvvParams): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const dated = germanDate(date);
  doc.setTitle(`Auftragsverarbeitungsvertrag – ${company.name}`);
  doc.setSubject('Vertrag über die Auftragsverarbeitung nach Art. 28 DSGVO');
  doc.setAuthor(OPERATOR.name);
  doc.setCreator('Schrankwerk-Portal');
  doc.setLanguage('de-DE');
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const w = new Writer(
    doc,
    regular,
    bold,
    `Auftragsverarbeitungsvertrag ${OPERATOR.name} / ${company.name}, Stand ${dated}`,
  );
  w.text('Vertrag über die Auftragsverarbeitung', { size: 18, bold: true, gapAfter: 4 });
  w.text('gemäß Art. 28 Datenschutz-Grundverordnung (DSGVO)', { size: 11, gapAfter: 18 });

  const a = company.address;
  const address = a
    ? [`${a.street} ${a.houseNo}`.trim(), `${a.zip} ${a.city}`.trim(), a.country].filter(Boolean).join(', ')
    : '';
  w.text('zwischen', { gapAfter: 6 });
  w.text(company.name, { bold: true, gapAfter: 2 });
  if (address) w.text(address, { gapAfter: 2 });
  w.text(`Kundennummer: ${company.customerNumber || '–'}`, { gapAfter: 2 });
  w.text('– nachfolgend „Verantwortlicher“ –', { gapAfter: 10 });
  w.text('und', { gapAfter: 6 });
  w.text(OPERATOR.name, { bold: true, gapAfter: 2 });
  w.text(`${OPERATOR.street}, ${OPERATOR.city}, ${OPERATOR.country}`, { gapAfter: 2 });
  w.text(`${OPERATOR.register}, ${OPERATOR.management}`, { gapAfter: 2 });
  w.text('– nachfolgend „Auftragsverarbeiter“ –', { gapAfter: 18 });

  for (const section of AVV_SECTIONS) {
    w.text(section.title, { size: 12, bold: true, gapAfter: 4, keepWithNext: 2 });
    for (const paragraph of section.paragraphs) w.text(paragraph, { gapAfter: 8 });
    w.text('', { size: 4, gapAfter: 4 });
  }

  w.text(`Stuttgart und ${a?.city || '…'}, den ${dated}`, { gapAfter: 10, keepWithNext: 3 });
  w.text(`Für den Verantwortlichen: ${company.name}`, { gapAfter: 2 });
  w.text(`Für den Auftragsverarbeiter: ${OPERATOR.name}`, { gapAfter: 8 });
  w.text(`Ansprechpartner Datenschutz: ${OPERATOR.privacyContact}`, { size: 9 });

  return doc.save();
}
