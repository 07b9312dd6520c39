import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BomErrorType } from '../model/bom/bom-error.js';
import type { FieldMapping } from '../model/bom/fields.js';
import { readSpreadsheet } from '../spreadsheet/index.js';
import { FIXTURE_DIR } from './fixtures/make-fixtures.js';
import { extractHeaders, suggestHeaderRow } from './header.js';
import { BomLineBuilder, buildBomLines } from './lines.js';
import { suggestMapping, toFieldMapping } from './mapping.js';
import { parseDecimal } from './parse-number.js';

describe('parseDecimal', () => {
  it.each([
    ['2', 2],
    ['2,5', 2.5],
    ['1.5', 1.5],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    ["1'234.5", 1234.5],
    ['1 234,5', 1234.5],
    ['2 Stk', 2],
    ['3 m', 3],
    ['-3,5', -3.5],
    ['0,001', 0.001],
    ['12.', 12],
  ])('%s → %d', (text, value) => expect(parseDecimal(text)).toBe(value));

  it.each(['', 'abc', '1.2.3', '1,23,4', '1.234,5,6', '2x3', '1.234.5'])('%s → undefined', (text) =>
    expect(parseDecimal(text)).toBeUndefined(),
  );
});

const mapping = (pairs: [number, string][]): FieldMapping =>
  pairs.map(([c, f]) => ({
    columnIndex: c,
    importHeader: `c${c}`,
    articleField: f as FieldMapping[number]['articleField'],
  }));

describe('BOM lines', () => {
  it('types the German fixture end to end: quantities, units, supplied part, designations, duplicates', async () => {
    const { rows } = await readSpreadsheet(readFileSync(join(FIXTURE_DIR, 'german-excel.csv')), 'a.csv');
    const headerRowIndex = suggestHeaderRow(rows).headerRowIndex;
    const { headers } = extractHeaders(rows, headerRowIndex);
    const suggestions = suggestMapping(headers, 'bom');
    const width = suggestions.find((s) => s.articleField === 'width')!;
    const { lines, duplicates } = buildBomLines(rows, headerRowIndex, {
      headers,
      mapping: toFieldMapping(suggestions),
      suppliedPartString: ' x ',
      unitWidth: width.unitHint as 'MM',
    });
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({
      rowNumber: 5,
      orderNumber: '3RT2015-1BB41',
      quantity: 2,
      quantityUnitName: 'Stk',
      bmk: '-K1',
      installationLocation: '+S1',
      functionalAssignment: '=A1',
      width: 4.5,
      weight: 0.2,
      isSuppliedPart: false,
      problems: [],
    });
    expect(lines[0]!.bomError).toBeUndefined();
    expect(lines[1]).toMatchObject({ quantity: 1.5, width: 0.52, weight: 0.01, description: 'Durchgangsklemme; grau' });
    expect(lines[2]).toMatchObject({ isSuppliedPart: true, width: 80 });
    expect(duplicates).toEqual([{ rowNumber: 8, duplicateOfRow: 5 }]);
    expect(lines[3]!.duplicateOfRow).toBe(5);
  });

  it('converts with unit columns and flags unknown units as UNIT_MISMATCH', () => {
    const m = mapping([
      [0, 'orderNumber'],
      [1, 'height'],
      [2, 'unitHeight'],
      [3, 'weight'],
      [4, 'unitWeight'],
      [5, 'depth'],
    ]);
    const { lines } = buildBomLines(
      [['h'], ['A', '2', 'dm', '250', 'g', '7'], ['B', '30', 'zoll', '1', 'kg', ''], ['C', '1', 'mm', '3', 'mm', '']],
      1,
      { headers: [], mapping: m, unitDepth: 'M' },
    );
    expect(lines[0]).toMatchObject({ height: 20, weight: 0.25, depth: 700, problems: [] });
    expect(lines[1]).toMatchObject({ weight: 1, bomError: BomErrorType.UNIT_MISMATCH });
    expect(lines[1]!.height).toBeUndefined();
    expect(lines[2]!.problems).toEqual([BomErrorType.UNIT_MISMATCH]);
  });

  it('matches quantity units against the system units', () => {
    const m = mapping([
      [0, 'orderNumber'],
      [1, 'quantityUnit'],
    ]);
    const units = [
      { id: 'u1', displayName: 'Stück', nameVariants: ['Stk', 'ST'] },
      { id: 'u2', displayName: 'Meter', nameVariants: ['m'] },
    ];
    const { lines } = buildBomLines(
      [
        ['A', 'stk'],
        ['B', ' M '],
        ['C', 'Rolle'],
      ],
      0,
      { headers: [], mapping: m, units },
    );
    expect(lines.map((l) => [l.quantityUnitId, l.quantityUnitName, l.bomError])).toEqual([
      ['u1', 'Stück', undefined],
      ['u2', 'Meter', undefined],
      [undefined, 'Rolle', BomErrorType.UNIT_MISMATCH],
    ]);
  });

  it('marks missing data: no number, unreadable or zero quantity; default quantity 1', () => {
    const m = mapping([
      [0, 'orderNumber'],
      [1, 'manufacturerNumber'],
      [2, 'quantity'],
      [3, 'width'],
    ]);
    const { lines } = buildBomLines(
      [
        ['', '', '2'],
        ['A', '', 'viele'],
        ['B', '', '0'],
        ['', 'HN1', ''],
        ['C', '', '1', 'breit'],
        ['', '', '', ''],
        ['  '],
      ],
      0,
      { headers: [], mapping: m },
    );
    expect(lines.map((l) => l.bomError)).toEqual([
      BomErrorType.DATA_MISSING,
      BomErrorType.DATA_MISSING,
      BomErrorType.DATA_MISSING,
      undefined,
      BomErrorType.DATA_MISSING,
    ]);
    expect(lines[3]).toMatchObject({ manufacturerNumber: 'HN1', quantity: 1 });
  });

  it('supplied-part marker: configured text case- and space-insensitive, defaults otherwise', () => {
    const m = mapping([
      [0, 'orderNumber'],
      [1, 'isSuppliedPart'],
    ]);
    const rows = [
      ['A', 'Bei Stellung'],
      ['B', 'beistellung'],
      ['C', 'x'],
      ['D', ''],
    ];
    expect(
      buildBomLines(rows, 0, { headers: [], mapping: m, suppliedPartString: 'BEISTELLUNG' }).lines.map(
        (l) => l.isSuppliedPart,
      ),
    ).toEqual([true, true, false, false]);
    expect(buildBomLines(rows, 0, { headers: [], mapping: m }).lines.map((l) => l.isSuppliedPart)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('keeps designations verbatim and undoes the apostrophe of generated files', () => {
    const m = mapping([
      [0, 'orderNumber'],
      [1, 'installationLocation'],
      [2, 'locationIdentifier'],
      [3, 'bmk'],
      [4, 'functionDesignation'],
      [5, 'functionalAssignment'],
    ]);
    const { lines } = buildBomLines([['A', '+S1', '++H1', "'-K1", '==F1', '=G1']], 0, { headers: [], mapping: m });
    expect(lines[0]).toMatchObject({
      installationLocation: '+S1',
      locationIdentifier: '++H1',
      bmk: '-K1',
      functionDesignation: '==F1',
      functionalAssignment: '=G1',
    });
  });

  it('duplicates compare normalised numbers and designations', () => {
    const m = mapping([
      [0, 'orderNumber'],
      [1, 'bmk'],
    ]);
    const b = new BomLineBuilder({ headers: [], mapping: m });
    b.add(['3RT2015-1BB41', '-K1'], 2);
    b.add(['3rt2015 1bb41', '-K1'], 3);
    b.add(['3RT2015-1BB41', '-K2'], 4);
    expect(b.duplicates).toEqual([{ rowNumber: 3, duplicateOfRow: 2 }]);
  });

  it('resolves mapping entries by header text when no column index is given', () => {
    const { lines } = buildBomLines(
      [
        ['Menge', 'Best.-Nr.'],
        ['3', '0042'],
      ],
      1,
      {
        headers: ['Menge', 'Best.-Nr.'],
        mapping: [
          { importHeader: 'Best.-Nr.', articleField: 'orderNumber' },
          { importHeader: 'Menge', articleField: 'quantity' },
        ],
      },
    );
    expect(lines[0]).toMatchObject({ orderNumber: '0042', quantity: 3 });
  });

  it("holds file texts to the line edit's rules: single line, no control or bidi characters, cut to the limits", () => {
    const m = mapping([
      [0, 'orderNumber'],
      [1, 'description'],
      [2, 'bmk'],
    ]);
    const b = new BomLineBuilder({ headers: [], mapping: m });
    const line = b.add(['AB\u202E12', `Klemme\r\ngrau\u0007 ${'d'.repeat(2 * 1024 * 1024)}`, 'x'.repeat(300)], 2)!;
    expect(line.orderNumber).toBe('AB12');
    expect(line.description).toBe(`Klemme grau ${'d'.repeat(200 - 'Klemme grau '.length)}`);
    expect(line.bmk).toBe('x'.repeat(200));
    expect(b.add(['N'.repeat(311), '', ''], 3)!.orderNumber).toBe('N'.repeat(100));
  });
});
