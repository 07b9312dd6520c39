import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, GERMAN_ROWS, ENGLISH_ROWS } from '../bom/fixtures/make-fixtures.js';
import { minimalXlsx, writeZip } from '../bom/fixtures/zip-writer.js';
import {
  iterateSpreadsheet,
  readSpreadsheet,
  streamSpreadsheet,
  SpreadsheetError,
  BOM_EXTENSIONS,
  sniffContent,
  type SpreadsheetErrorCode,
} from './index.js';

const fixture = (name: string): Buffer => readFileSync(join(FIXTURE_DIR, name));

async function errorCode(p: Promise<unknown>): Promise<SpreadsheetErrorCode | 'no error'> {
  try {
    await p;
    return 'no error';
  } catch (e) {
    expect(e).toBeInstanceOf(SpreadsheetError);
    expect((e as SpreadsheetError).i18nKey).toMatch(/^spreadsheet\.error\./);
    return (e as SpreadsheetError).code;
  }
}

describe('readSpreadsheet: real-world shapes', () => {
  it('German Excel CSV: Windows-1252, semicolon, title block, umlauts', async () => {
    const r = await readSpreadsheet(fixture('german-excel.csv'), 'Stückliste.csv');
    expect(r).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(r.rows).toEqual(GERMAN_ROWS);
  });

  it('UTF-8 CSV with BOM marker: comma, quoted delimiter, doubled quotes, line break, formula text', async () => {
    const r = await readSpreadsheet(fixture('english-utf8-bom.csv'), 'bom.csv');
    expect(r).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    expect(r.rows).toEqual(ENGLISH_ROWS);
    expect(r.rows[0]![0]!.charCodeAt(0)).not.toBe(0xfeff);
    expect(r.rows[4]![3]).toBe('=SUM(1,2)');
  });

  it('legacy .xls (BIFF8) gives the same text as the CSV', async () => {
    const r = await readSpreadsheet(fixture('german.xls'), 'german.xls');
    expect(r.format).toBe('xls');
    expect(r.rows.map((row) => row.join('|').replace(/\|+$/, ''))).toEqual(
      GERMAN_ROWS.map((row) => row.join('|').replace(/\|+$/, '')),
    );
  });

  it('.xlsx keeps leading zeros and shows numbers as formatted (0.00)', async () => {
    const r = await readSpreadsheet(fixture('leading-zeros.xlsx'), 'x.xlsx');
    expect(r.format).toBe('xlsx');
    expect(r.sheetName).toBe('Stückliste');
    expect(r.rows[0]).toEqual(['Stückliste Steuerung']);
    expect(r.rows[1]).toEqual([]);
    expect(r.rows[3]).toEqual(['000123', '2', 'Siemens', '3RV2011-1AA10', '1.10', 'Motorschutzschalter']);
    expect(r.rows[4]![0]).toBe('0815');
  });

  it('.xlsx date cells with the locale date format read as a German Excel shows them', async () => {
    const ws = XLSX.utils.aoa_to_sheet(
      [
        ['Lieferdatum', 'Menge'],
        [new Date(Date.UTC(2024, 0, 15)), 2],
      ],
      { cellDates: true },
    );
    ws['A2']!.z = 'm/d/yy'; // Excel's built-in format 14
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Daten');
    const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const r = await readSpreadsheet(bytes, 'dates.xlsx');
    expect(r.rows[1]).toEqual(['15.01.2024', '2']);
  });

  it('bare BIFF2 worksheets (Excel 2.x) are read as .xls', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['Menge', 'Bestellnummer'],
        [1, '000123'],
      ]),
      'S',
    );
    const r = await readSpreadsheet(XLSX.write(wb, { type: 'buffer', bookType: 'biff2' }) as Buffer, 'old.xls');
    expect(r).toMatchObject({
      format: 'xls',
      rows: [
        ['Menge', 'Bestellnummer'],
        ['1', '000123'],
      ],
    });
  });

  it('tab-separated .txt and CP850 text', async () => {
    const tab = await readSpreadsheet(fixture('tab-separated.txt'), 'a.txt');
    expect(tab.delimiter).toBe('\t');
    expect(tab.rows[1]).toEqual(['00042', '3', '-K2']);
    const dos = await readSpreadsheet(fixture('cp850.txt'), 'dos.txt');
    expect(dos.encoding).toBe('cp850');
    expect(dos.rows[1]![2]).toBe('Schütz Größe S00');
    expect(dos.rows[2]![2]).toBe('Klemme für Hutschiene');
  });

  it('streams CSV in batches with row numbers', async () => {
    const seen: number[] = [];
    let count = 0;
    await streamSpreadsheet(
      fixture('german-excel.csv'),
      'a.csv',
      (rows, first) => {
        seen.push(first);
        count += rows.length;
      },
      { batchSize: 4 },
    );
    expect(seen).toEqual([1, 5, 9]);
    expect(count).toBe(GERMAN_ROWS.length);
  });

  it('async iterator yields batches with row numbers for workbooks and text', async () => {
    for (const name of ['german.xls', 'german-excel.csv']) {
      const firsts: number[] = [];
      for await (const b of iterateSpreadsheet(fixture(name), name, { batchSize: 5 })) {
        firsts.push(b.firstRowNumber);
        expect(b.rows.length).toBeLessThanOrEqual(5);
      }
      expect(firsts).toEqual([1, 6]);
    }
  });
});

describe('readSpreadsheet: broken and hostile files are refused with a typed error', () => {
  it.each([
    ['empty.csv', 'empty.csv', 'empty'],
    ['pdf-renamed.xlsx', 'offer.xlsx', 'formatMismatch'],
    ['text-renamed.xls', 'bom.xls', 'formatMismatch'],
    ['truncated.xlsx', 'bom.xlsx', 'corrupt'],
    ['zip-bomb.xlsx', 'bomb.xlsx', 'tooLarge'],
    ['encrypted.xlsx', 'secret.xlsx', 'encrypted'],
    ['leading-zeros.xlsx', 'bom.csv', 'formatMismatch'],
    ['german-excel.csv', 'bom.docx', 'unsupportedFormat'],
  ])('%s as %s → %s', async (file, name, code) => {
    expect(await errorCode(readSpreadsheet(fixture(file), name))).toBe(code);
  });

  it('honours allowed extensions (BOM upload refuses .txt) and the size limit', async () => {
    expect(
      await errorCode(readSpreadsheet(fixture('tab-separated.txt'), 'a.txt', { allowedExtensions: BOM_EXTENSIONS })),
    ).toBe('unsupportedFormat');
    expect(await errorCode(readSpreadsheet(fixture('german-excel.csv'), 'a.csv', { maxBytes: 100 }))).toBe('tooLarge');
  });

  it('blank text, unknown binary, zip without workbook, garbage OLE', async () => {
    expect(await errorCode(readSpreadsheet(Buffer.from('\uFEFF \r\n;;\r\n'), 'a.csv'))).toBe('empty');
    expect(await errorCode(readSpreadsheet(Buffer.from([1, 2, 3, 0, 0, 0, 7]), 'a.xlsx'))).toBe('unsupportedFormat');
    expect(await errorCode(readSpreadsheet(writeZip([{ name: 'word/document.xml', data: '<x/>' }]), 'a.xlsx'))).toBe(
      'formatMismatch',
    );
    const ole = Buffer.alloc(1024, 0x41);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    expect(await errorCode(readSpreadsheet(ole, 'a.xls'))).toBe('corrupt');
  });

  it('refuses a zip whose entry inflates beyond its declared size (lying central directory)', async () => {
    const sheet = '<worksheet>' + '<row/>'.repeat(200_000) + '</worksheet>';
    const liar = writeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/worksheets/sheet1.xml', data: sheet, deflate: true, declaredSize: 4096 },
    ]);
    expect(await errorCode(readSpreadsheet(liar, 'liar.xlsx'))).toBe('tooLarge');
  });

  it('refuses an unclosed quote running past the record limit', async () => {
    const text = 'a;b\r\n"' + 'x'.repeat(5000);
    expect(await errorCode(readSpreadsheet(Buffer.from(text), 'a.csv', { maxRecordChars: 1000 }))).toBe('corrupt');
  });

  it('sniffs content by magic bytes', () => {
    expect(sniffContent(fixture('leading-zeros.xlsx'))).toBe('zip');
    expect(sniffContent(fixture('german.xls'))).toBe('ole');
    expect(sniffContent(fixture('pdf-renamed.xlsx'))).toBe('pdf');
    expect(sniffContent(fixture('german-excel.csv'))).toBe('text');
  });
});

describe('prototype pollution and formulas', () => {
  it('an xlsx full of __proto__ / constructor.prototype keys leaves Object.prototype untouched', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>polluted</t></is></c></row>
      <row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="inlineStr"><is><t>__proto__</t></is></c><c r="C2"><v>1</v></c></row>
    </sheetData></worksheet>`;
    const sst = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3"><si><t>__proto__</t></si><si><t>constructor</t></si><si><t>constructor.prototype.polluted</t></si></sst>`;
    const custom = `<?xml version="1.0"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="__proto__"><vt:lpwstr>polluted</vt:lpwstr></property><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="3" name="constructor.prototype.polluted"><vt:lpwstr>yes</vt:lpwstr></property><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="4" name="polluted"><vt:lpwstr>yes</vt:lpwstr></property></Properties>`;
    const rootRels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"/></Relationships>`;
    const xlsx = minimalXlsx(sheet, {
      sharedStrings: sst,
      sheetName: '__proto__',
      rootRels,
      extra: [{ name: 'docProps/custom.xml', data: custom }],
    });
    const r = await readSpreadsheet(xlsx, 'evil.xlsx');
    expect(r.rows[0]).toEqual(['__proto__', 'constructor', 'polluted']);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype.constructor).toBe(Object);
  });

  it('CSV cells starting with = + - @ stay literal text', async () => {
    const r = await readSpreadsheet(
      Buffer.from('a;b;c;d\r\n=1+1;+A1;-K1;@SUM(A1)\r\n=HYPERLINK("http://x");"=2*3";;\r\n'),
      'f.csv',
    );
    expect(r.rows[1]).toEqual(['=1+1', '+A1', '-K1', '@SUM(A1)']);
    expect(r.rows[2]).toEqual(['=HYPERLINK("http://x")', '=2*3', '', '']);
  });
});
