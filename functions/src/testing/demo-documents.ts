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

/** The sheets of the demo circuit diagram (the PDF viewer's page navigation has pages to turn). */
export const DEMO_CIRCUIT_DIAGRAM_SHEETS = ['Hauptstromkreis', 'Steuerstromkreis 24 V DC', 'Klemmenplan -X1'] as const;

/**
 * A circuit diagram of three A4 landscape sheets, each framed with its title block: the main circuit (supply line
 * and three contactors), the 24 V control circuit (coils and their contacts) and the terminal list.
 */
export async function demoCircuitDiagramPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheets = DEMO_CIRCUIT_DIAGRAM_SHEETS.map((sheet, i) => {
    const page = pdf.addPage([841.89, 595.28]); // A4 landscape
    page.drawRectangle({ x: 20, y: 20, width: 801, height: 555, borderWidth: 1.5, borderColor: rgb(0, 0, 0) });
    page.drawRectangle({ x: 560, y: 30, width: 250, height: 60, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    page.drawText('Müller Maschinenbau GmbH', { x: 570, y: 72, size: 10, font });
    page.drawText(title.replace(/ß/g, 'ss'), { x: 570, y: 56, size: 8, font });
    page.drawText(`Schaltplan Blatt ${i + 1}/${DEMO_CIRCUIT_DIAGRAM_SHEETS.length} - ${sheet}`, {
      x: 570,
      y: 40,
      size: 8,
      font,
    });
    const line = (x1: number, y1: number, x2: number, y2: number) =>
      page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 1, color: rgb(0, 0, 0) });
    const text = (value: string, x: number, y: number) => page.drawText(value, { x, y, size: 10, font });
    return { line, text, page };
  });
  const [main, control, terminals] = sheets as [
    (typeof sheets)[number],
    (typeof sheets)[number],
    (typeof sheets)[number],
  ];

  for (const [i, phase] of ['L1', 'L2', 'L3'].entries()) {
    main.line(60, 500 - i * 20, 780, 500 - i * 20);
    main.text(phase, 35, 496 - i * 20);
  }
  for (let k = 0; k < 3; k++) {
    const x = 180 + k * 200;
    for (let p = 0; p < 3; p++) main.line(x + p * 20, 500 - p * 20, x + p * 20, 300);
    main.page.drawRectangle({ x: x - 10, y: 340, width: 60, height: 40, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    main.text(`-K${k + 1}`, x + 55, 355);
    main.text(`M${k + 1} 3~`, x + 8, 280);
  }

  control.line(60, 520, 780, 520);
  control.text('+24 V', 30, 516);
  control.line(60, 140, 780, 140);
  control.text('0 V', 35, 136);
  for (let k = 0; k < 3; k++) {
    const x = 160 + k * 200;
    control.line(x, 520, x, 420);
    control.line(x, 380, x, 300);
    control.line(x - 10, 420, x + 10, 380); // the pushbutton's contact
    control.text(`-S${k + 1}`, x + 15, 395);
    control.page.drawRectangle({ x: x - 20, y: 220, width: 40, height: 80, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    control.line(x, 220, x, 140);
    control.text(`-K${k + 1}`, x + 25, 255);
  }

  for (const [column, x] of [
    ['Klemme', 60],
    ['Ziel', 160],
    ['Querschnitt', 280],
  ] as const)
    terminals.text(column, x, 520);
  terminals.line(60, 512, 400, 512);
  for (let t = 1; t <= 12; t++) {
    terminals.text(`-X1:${t}`, 60, 500 - t * 20);
    terminals.text(`-K${((t - 1) % 3) + 1}:A${(t % 2) + 1}`, 160, 500 - t * 20);
    terminals.text('1,5 mm²', 280, 500 - t * 20);
  }
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
