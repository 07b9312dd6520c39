import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** Demo files the seeds upload (a BOM, a circuit diagram, offer documents): real files the engine and viewers read. */

/** A small BOM the engine reads (semicolon CSV as Excel writes it in Germany, header in row 3). */
export function demoBomCsv(): Buffer {
  const rows = [
    'Stückliste Schaltschrank SR-12;;;;;',
    'Projekt: Schweißroboterzelle;;;;;',
    'Pos;Menge;Hersteller;Bestellnummer;Bezeichnung;BMK',
    '1;1;Rittal;1050500;Kompaktgehäuse AE Stahlblech;=SR12+S1',
    '2;3;Siemens;3RV2011-04AA10;Leistungsschalter 3RV2 Motorschutz;-Q1',
    '3;3;Siemens;3RT2024-1B004;Schütz 24 V DC;-K1',
    '4;1;Phoenix Contact;2904602;Stromversorgung QUINT4-PS 24 V;-G1',
    '5;40;WAGO;2002-1201;Durchgangsklemme 2,5 mm²;-X1',
    '6;2;Siemens;6ES7512-1DK01-0AB0;CPU 1512SP-1 PN;-A1',
  ];
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8');
}

/** A one-page circuit diagram: title block, a supply line and three contactor symbols. */
export async function demoCircuitDiagramPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([841.89, 595.28]); // A4 landscape
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 1, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 20, y: 20, width: 801, height: 555, borderWidth: 1.5, borderColor: rgb(0, 0, 0) });
  for (const [i, phase] of ['L1', 'L2', 'L3'].entries()) {
    const y = 500 - i * 20;
    line(60, y, 780, y);
    page.drawText(phase, { x: 35, y: y - 4, size: 10, font });
  }
  for (let k = 0; k < 3; k++) {
    const x = 180 + k * 200;
    for (let p = 0; p < 3; p++) line(x + p * 20, 500 - p * 20, x + p * 20, 300);
    page.drawRectangle({ x: x - 10, y: 340, width: 60, height: 40, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    page.drawText(`-K${k + 1}`, { x: x + 55, y: 355, size: 10, font });
    page.drawText(`M${k + 1} 3~`, { x: x + 8, y: 280, size: 10, font });
  }
  page.drawRectangle({ x: 560, y: 30, width: 250, height: 60, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  page.drawText('Müller Maschinenbau GmbH', { x: 570, y: 72, size: 10, font });
  page.drawText(title.replace(/ß/g, 'ss'), { x: 570, y: 56, size: 8, font });
  page.drawText('Schaltplan Blatt 1/1 - Demo', { x: 570, y: 40, size: 8, font });
  return Buffer.from(await pdf.save());
}

/** A one-page document standing in for an offer, order or order confirmation. */
export async function demoDocumentPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [i, text] of lines.entries())
    page.drawText(
      text.replace(
        /[^\x20-\x7e]/g,
        (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' })[c] ?? '-',
      ),
      {
        x: 50,
        y: 760 - i * 22,
        size: i === 0 ? 16 : 11,
        font,
      },
    );
  return Buffer.from(await pdf.save());
}
