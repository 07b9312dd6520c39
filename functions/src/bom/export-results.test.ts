import { describe, expect, it } from 'vitest';
import { BomErrorType } from '../model/bom/bom-error.js';
import type { BomLine } from '../model/bom/bom-line.js';
import { generateCustomerBom, generateSupplierBom } from './bom-export.js';
import { csvLine, neutraliseFormula } from '../spreadsheet/csv-writer.js';
import { bomLinePrice, summariseBom } from './results.js';
import { readCsv } from '../spreadsheet/read-csv.js';
import { buildBomLines } from './lines.js';

const line = (p: Partial<BomLine>): BomLine => ({
  rowNumber: 1,
  quantity: 1,
  isSuppliedPart: false,
  problems: [],
  manualReplacement: false,
  edited: false,
  ...p,
});

const LINES: BomLine[] = [
  line({
    rowNumber: 2,
    orderNumber: '3RT2015-1BB41',
    quantity: 2,
    quantityUnitName: 'Stk',
    bmk: '-K1',
    matchedArticleId: 'a1',
    matchedArticle: {
      id: 'a1',
      erpNumber: '=cmd|calc',
      orderNumber: '3RT2015-1BB41',
      manufacturerNumber: '3RT2015-1BB41',
      description: 'Schütz "S00"',
      manufacturerName: 'Siemens',
      listPrice: 45.5,
      purchasePrice: 30.25,
      priceUnitSize: 1,
      discountGroupName: 'RG1',
      discountPercent: 12.5,
    },
  }),
  line({
    rowNumber: 3,
    orderNumber: '+A1-X',
    manufacturerNumber: '-HN',
    quantity: 1.5,
    bomError: BomErrorType.ARTICLE_NOT_FOUND,
    problems: [BomErrorType.ARTICLE_NOT_FOUND],
  }),
  line({
    rowNumber: 4,
    orderNumber: '8806000',
    isSuppliedPart: true,
    matchedArticleId: 'a3',
    matchedArticle: { id: 'a3', orderNumber: '8806000', listPrice: 1000 },
  }),
];

const text = (bytes: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('formula neutralisation and quoting', () => {
  it('prefixes = + - @ tab CR with an apostrophe, nothing else', () => {
    for (const s of ['=1+1', '+A1', '-K1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(s)).toBe(`'${s}`);
    for (const s of ['K1', "'=x", ' =x', '1-2']) expect(neutraliseFormula(s)).toBe(s);
  });

  it('quotes every cell, doubles quotes, German decimals', () => {
    expect(csvLine(['a"b', 2.5, { number: 3, decimals: 2 }, undefined, '-K1'])).toBe('"a""b";"2,5";"3,00";"";"\'-K1"');
  });
});

describe('generated BOM files', () => {
  it('supplier format: BOM marker, columns of the spec, supplied parts in a second file', () => {
    const { main, suppliedParts } = generateSupplierBom(LINES);
    expect([...main.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text(main).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"ERP-Nummer";"Menge";"Beschreibung";"Einheit";"Einkaufspreis pro Stück";"Herstellernummer";"Hersteller";"Rabattgruppe";"Listenpreis pro Stück"',
    );
    expect(lines[1]).toBe(
      '"\'=cmd|calc";"2";"3RT2015-1BB41 - Schütz ""S00"" - Siemens";"Stk";"30,25";"3RT2015-1BB41";"Siemens";"RG1 (12,5 %)";"45,50"',
    );
    expect(lines[2]).toBe('"";"1,5";"\'+A1-X";"";"";"\'-HN";"";"";""');
    expect(lines).toHaveLength(4);
    const supplied = text(suppliedParts).split('\r\n');
    expect(supplied).toHaveLength(3);
    expect(supplied[1]).toContain('"8806000"');
  });

  it('customer format: manufacturer number, order number, quantity, unit', () => {
    const t = text(generateCustomerBom(LINES)).split('\r\n');
    expect(t[0]).toBe('\uFEFF"Herstellernummer";"Bestellnummer";"Menge";"Einheit"');
    expect(t[1]).toBe('"3RT2015-1BB41";"3RT2015-1BB41";"2";"Stk"');
    expect(t[2]).toBe('"\'-HN";"\'+A1-X";"1,5";""');
  });

  it('round-trips through our reader and line builder (apostrophes undone)', async () => {
    const { rows, delimiter, encoding } = await readCsv(generateCustomerBom(LINES));
    expect({ delimiter, encoding }).toEqual({ delimiter: ';', encoding: 'utf-8' });
    const { lines } = buildBomLines(rows, 1, {
      headers: rows[0]!,
      mapping: [
        { columnIndex: 0, importHeader: 'Herstellernummer', articleField: 'manufacturerNumber' },
        { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
        { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' },
      ],
    });
    expect(lines.map((l) => [l.orderNumber, l.manufacturerNumber, l.quantity])).toEqual([
      ['3RT2015-1BB41', '3RT2015-1BB41', 2],
      ['+A1-X', '-HN', 1.5],
      ['8806000', undefined, 1],
    ]);
  });
});

describe('summariseBom', () => {
  it('success rate, errors by type, price range without supplied parts', () => {
    expect(bomLinePrice(LINES[0]!)).toBe(79.63); // 45.5 × 2 × 87.5 % = 79.625
    const s = summariseBom(LINES);
    expect(s).toMatchObject({ lineCount: 3, errorCount: 1, successRate: 66.67, duplicateCount: 0 });
    expect(s.errorsByType[BomErrorType.ARTICLE_NOT_FOUND]).toBe(1);
    expect(s.estimate).toMatchObject({ total: 79.63, min: 81.22, max: 103.52 });
    expect(s.estimate.formatted.replace(/\u00A0/g, ' ')).toBe('81,22 € – 103,52 €');
  });
});
