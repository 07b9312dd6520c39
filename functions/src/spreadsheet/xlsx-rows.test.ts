import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { minimalXlsx } from '../bom/fixtures/zip-writer.js';
import { readWorkbook, readXlsxStreamed } from './read-workbook.js';

// The streamed reader must give exactly the rows SheetJS's whole-workbook read gives (or leave the workbook to it).
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../bom/fixtures/${name}`, import.meta.url)));

async function same(bytes: Uint8Array, options: Parameters<typeof readWorkbook>[2] = {}, streamed = true) {
  const expected = (() => {
    try {
      return readWorkbook(bytes, 'xlsx', options);
    } catch (e) {
      return { error: (e as { code?: string }).code };
    }
  })();
  const actual = await readXlsxStreamed(bytes, options).then(
    (r) => r ?? 'left to SheetJS',
    (e: { code?: string }) => ({ error: e.code ?? String(e) }),
  );
  if (streamed) expect(actual).toEqual(expected);
  else expect(actual).toBe('left to SheetJS');
}

const book = (aoa: unknown[][], edit?: (ws: XLSX.WorkSheet) => void, opts: XLSX.WritingOptions = {}) => {
  const ws = XLSX.utils.aoa_to_sheet(aoa);
  edit?.(ws);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Stückliste');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['zweites Blatt']]), 'Zwei & <drei>');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', ...opts }) as Buffer;
};

const sheet = (rows: string, head = '<dimension ref="A1:F6"/>') =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${head}<sheetData>${rows}</sheetData></worksheet>`;

describe('streamed .xlsx rows equal SheetJS', () => {
  it('the leading-zeros fixture', () => same(fixture('leading-zeros.xlsx')));

  it('bench rows, with shared strings and without, the second sheet by name and by index', async () => {
    const header = ['Pos', 'Menge', 'Hersteller', 'Bestellnummer', 'Bezeichnung'];
    const row = (i: number) => [
      i + 1,
      i % 3 ? 2.5 : 7,
      `Weidmüller ${i % 4}`,
      `0${100 + i}-${i}`,
      `Schütz; "${i % 7}" <&>`,
    ];
    const aoa = [['Stückliste'], [], header, ...Array.from({ length: 300 }, (_, i) => row(i))];
    for (const bookSST of [false, true]) {
      const bytes = book(aoa, undefined, { bookSST });
      await same(bytes);
      await same(bytes, { sheet: 'Zwei & <drei>' });
      await same(bytes, { sheet: 1 });
      await same(bytes, { maxRows: 50 }); // too large
      await same(bytes, { maxRows: 303 });
    }
  });

  it('number formats, dates, booleans, errors, formulas with cached values', async () => {
    const bytes = book(
      [
        ['int', 'dec', 'big', 'pct', 'zeros', 'date', 'bool', 'err', 'text'],
        [42, 3.14159, 223879000000, 0.125, 123, 45000, true, 'x', 'a&b <c>'],
        [-7, 1e-7, 2 ** 60, 1, 7, 45000.5, false, 'y', ' padded '],
      ],
      (ws) => {
        ws.C2!.z = 'General';
        ws.D2!.z = '0.00%';
        ws.E2!.z = '000000';
        ws.E3!.z = '000000';
        ws.F2!.z = 'dd.mm.yyyy';
        ws.F3!.z = 14 as unknown as string;
        ws.B2!.z = '0.00';
        ws.H2 = { t: 'e', v: 0x2a };
        ws.H3 = { t: 'e', v: 0x07 };
        ws.I3 = { t: 'n', v: 9, f: 'A2+1' };
      },
    );
    await same(bytes);
  });

  it('hand-written XML: rich text and phonetic runs, entities, _x000D_, prefixes, missing r, self-closing rows', async () => {
    const sst =
      '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4">' +
      '<si><t>plain &amp; &#252;ber</t></si>' +
      '<si><r><rPr><b/></rPr><t>fe</t></r><r><t xml:space="preserve">tt </t></r><rPh sb="0" eb="1"><t>PHON</t></rPh></si>' +
      '<si><t>line_x000D_break\r\nzwei</t></si>' +
      '<si><t/></si></sst>';
    const rows =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
      '<row r="2" spans="1:3"><c t="s"><v>2</v></c><c t="inlineStr"><is><t>inline &lt;x&gt;</t></is></c><c t="b"><v>1</v></c></row>' +
      '<row r="3"/>' +
      '<row r="5"><c r="B5" t="str"><v>&amp;amp;</v></c><c r="C5" t="e"><v>#N/A</v></c><c r="D5" s="0"/><c r="E5"><v></v></c></row>' +
      '<row r="6"><c r="C6"><v>1</v></c><c><v>2.5</v></c><c s="0"/><c><v>4</v></c></row>';
    await same(minimalXlsx(sheet(rows), { sharedStrings: sst }));
    await same(minimalXlsx(sheet(rows, ''), { sharedStrings: sst })); // no dimension: the rows seen
    await same(minimalXlsx(sheet(`${rows}<row r="8"/><row r="9"/>`, ''), { sharedStrings: sst })); // trailing empty rows
    await same(minimalXlsx(sheet(rows, '<dimension ref="A1"/>'), { sharedStrings: sst }));
    await same(minimalXlsx(sheet(rows, '<dimension ref="A1:Z40"/>'), { sharedStrings: sst }));
    await same(minimalXlsx(sheet(rows), { sharedStrings: sst }), { maxRows: 2 });
    const prefixed = sheet(rows).replace(/<(\/?)(row|c|v|is|t)\b/g, '<$1x:$2');
    await same(minimalXlsx(prefixed, { sharedStrings: sst }));
    await same(minimalXlsx(sheet(''), {})); // empty
  });

  it('leaves date cells and 1904 workbooks to SheetJS', async () => {
    await same(minimalXlsx(sheet('<row r="1"><c r="A1" t="d"><v>2024-05-01T00:00:00Z</v></c></row>')), {}, false);
  });
});
