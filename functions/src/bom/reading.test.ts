import { describe, expect, it } from 'vitest';
import { BomErrorType } from '../model/bom/bom-error.js';
import { readSpreadsheet } from '../spreadsheet/index.js';
import { detectEncoding } from '../spreadsheet/text-decode.js';
import { encodeCp850, toCsv } from './fixtures/make-fixtures.js';
import {
  buildGeneralNumbersWorkbook,
  KICAD_ROWS,
  KICOST_ROWS,
  POSITION_ROWS,
  SECTIONED_ROWS,
  win1252List,
} from './fixtures/reading-fixtures.js';
import { extractHeaders, suggestHeaderRow } from './header.js';
import { buildBomLines } from './lines.js';
import { suggestMapping, toFieldMapping, type MappingSuggestion } from './mapping.js';
import {
  firstSuggestion,
  headerRowSimilarity,
  headerSignature,
  rankRememberedMappings,
  type MappingMemoryEntry,
} from './mapping-memory.js';

const byField = (s: readonly MappingSuggestion[]): Record<string, string> =>
  Object.fromEntries(s.map((x) => [x.articleField, x.importHeader]));

describe('numeric cells keep their full value (issue 11: destroyed part numbers)', () => {
  it.each(['xlsx', 'biff8'] as const)(
    '%s: 12- and 13-digit numbers in General format read as their digits; text, leading zeros and prices as shown',
    async (type) => {
      const name = type === 'xlsx' ? 'numbers.xlsx' : 'numbers.xls';
      const { rows } = await readSpreadsheet(buildGeneralNumbersWorkbook(type), name);
      expect(rows[1]).toEqual(['2', 'Würth', '870055775005', '4011209123456', '000815', '1.50 €']);
      expect(rows[2]!.slice(2, 5)).toEqual(['3209510', '4017918186722', '0042']);
      // 2^53 − 1 typed as text stays text; 1020000000 (General shows 1.02E+09 at most 11 chars) keeps its digits
      expect(rows[3]!.slice(2, 5)).toEqual(['1020000000', '4008190069473', '9007199254740991']);
      for (const r of rows) for (const c of r) expect(c).not.toMatch(/E\+/);
    },
  );
});

describe('header row by shape (issue 11: unknown names, sections)', () => {
  it('a header whose names are all unknown beats the data rows below it', () => {
    expect(suggestHeaderRow(KICAD_ROWS).headerRowIndex).toBe(1);
    const withTitle = [['Bill of materials'], ['Project: sensor board rev 2'], [], ...KICAD_ROWS];
    expect(suggestHeaderRow(withTitle).headerRowIndex).toBe(4);
    // names unknown to any synonym list: the shape alone decides
    const unknown = [
      ['Foo', 'Bar', 'Baz'],
      ['A1', 'x 2', '17'],
      ['B7', 'y 3', '21'],
      ['C9', 'z 4', '5'],
    ];
    expect(suggestHeaderRow(unknown).headerRowIndex).toBe(1);
  });

  it('a list in sections is read from its first header; repeated headers, blank, total and note rows become no lines and are reported', () => {
    const { headerRowIndex } = suggestHeaderRow(SECTIONED_ROWS);
    expect(headerRowIndex).toBe(5);
    const { headers } = extractHeaders(SECTIONED_ROWS, headerRowIndex);
    const mapping = toFieldMapping(suggestMapping(headers, 'bom', { rows: SECTIONED_ROWS.slice(headerRowIndex) }));
    const { lines, skipped } = buildBomLines(SECTIONED_ROWS, headerRowIndex, { headers, mapping });
    expect(lines.map((l) => l.orderNumber)).toEqual([
      '3VA1110-3EF32-0AA0',
      '3209510',
      '6ES7214-1AG40-0XB0',
      '6ES7221-1BF32-0XB0',
      '40.52.9.024.0000',
      '132F0001',
      '3RV2011-1AA10',
      '2002-1201',
      '8806000',
      '3240200',
    ]);
    expect(lines.every((l) => l.bomError === undefined)).toBe(true);
    expect(skipped).toEqual([
      { rowNumber: 8, reason: 'blank' },
      { rowNumber: 9, reason: 'note' },
      { rowNumber: 10, reason: 'repeatedHeader' },
      { rowNumber: 14, reason: 'total' },
      { rowNumber: 15, reason: 'note' },
      { rowNumber: 16, reason: 'repeatedHeader' },
      { rowNumber: 22, reason: 'blank' },
      { rowNumber: 23, reason: 'total' },
      { rowNumber: 24, reason: 'note' },
    ]);
  });

  it('an item with only a description stays a line (DATA_MISSING), a section title in another column does not', () => {
    const rows = [
      ['Pos', 'Menge', 'Bestellnummer', 'Bezeichnung'],
      ['Gehäuse', '', '', ''],
      ['1', '1', '8806000', 'Schaltschrank'],
      ['', '', '', 'Montageplatte nach Zeichnung'],
    ];
    const headers = rows[0]!;
    const mapping = toFieldMapping(suggestMapping(headers, 'bom', { rows: rows.slice(1) }));
    const { lines, skipped } = buildBomLines(rows, 1, { headers, mapping });
    expect(lines.map((l) => [l.rowNumber, l.description, l.bomError])).toEqual([
      [3, 'Schaltschrank', undefined],
      [4, 'Montageplatte nach Zeichnung', BomErrorType.DATA_MISSING],
    ]);
    expect(skipped).toEqual([{ rowNumber: 2, reason: 'note' }]);
  });

  it('a KiCost sheet: title block and group row above the header, header found', () => {
    expect(suggestHeaderRow(KICOST_ROWS).headerRowIndex).toBe(4);
  });
});

describe('mapping with names and content (issue 11: unrecognised columns, confident wrong mappings)', () => {
  it.each([
    ['Manf#', 'manufacturerNumber'],
    ['MPN', 'manufacturerNumber'],
    ['MP', 'manufacturerNumber'],
    ['Mfr. Part #', 'manufacturerNumber'],
    ['Manufacturer Part Number', 'manufacturerNumber'],
    ['Mfg Part Number', 'manufacturerNumber'],
    ['Référence fabricant', 'manufacturerNumber'],
    ['LCSC Part #', 'orderNumber'],
    ['P/N', 'orderNumber'],
    ['Digi-Key Part Number', 'orderNumber'],
    ['Mouser No', 'orderNumber'],
    ['Cat#', 'orderNumber'],
    ['Code commande', 'orderNumber'],
    ['Bestell-Nr.', 'orderNumber'],
    ['Quan', 'quantity'],
    ['Nbr', 'quantity'],
    ['Quantity Per PCB', 'quantity'],
    ['Quantity/board', 'quantity'],
    ['Build Quantity', 'quantity'],
    ['Quantité', 'quantity'],
    ['Qté', 'quantity'],
    ['MF', 'manufacturerName'],
    ['Manf', 'manufacturerName'],
    ['Fabricant', 'manufacturerName'],
    ['Désignation', 'description'],
    ['Desc', 'description'],
    ['Unité', 'quantityUnit'],
    ['Repère', 'bmk'],
    ['Refs', 'bmk'],
    ['Reference', 'bmk'],
  ])('%s → %s', (header, field) => {
    expect(byField(suggestMapping(['x', header], 'bom'))[field]).toBe(header);
  });

  it('French headers of a hand-made list', () => {
    const headers = ['Repère', 'Quantité', 'Unité', 'Fabricant', 'Référence fabricant', 'Code commande', 'Désignation'];
    expect(byField(suggestMapping(headers, 'bom'))).toEqual({
      bmk: 'Repère',
      quantity: 'Quantité',
      quantityUnit: 'Unité',
      manufacturerName: 'Fabricant',
      manufacturerNumber: 'Référence fabricant',
      orderNumber: 'Code commande',
      description: 'Désignation',
    });
  });

  it('a price column named "Unit$" is never the quantity unit; Manf# is the manufacturer number; the fuller of two equal columns wins', () => {
    const headers = KICOST_ROWS[3]!;
    const names = suggestMapping(headers, 'bom');
    expect(names.find((s) => s.importHeader === 'Unit$')).toBeUndefined();
    const m = byField(suggestMapping(headers, 'bom', { rows: KICOST_ROWS.slice(4) }));
    expect(m).toMatchObject({ bmk: 'Refs', manufacturerNumber: 'Manf#', quantity: 'Qty', orderNumber: 'Cat#' });
    expect(Object.values(m)).not.toContain('Unit$');
  });

  it('a "Nummer" column holding 1, 2, 3 … is a position, not the order number; "supplier" is no supplied-part marker', () => {
    const headers = POSITION_ROWS[0]!;
    const withContent = suggestMapping(headers, 'bom', { rows: POSITION_ROWS.slice(1) });
    expect(byField(withContent)).toEqual({ quantity: 'Anzahl', orderNumber: 'Artikel' });
    expect(byField(suggestMapping(headers, 'bom')).isSuppliedPart).toBeUndefined();
    // the same name over real part numbers is still offered, at the name's (low) confidence
    const numbers = suggestMapping(['Nummer', 'Anzahl'], 'bom', {
      rows: [
        ['3RT2015-1BB41', '2'],
        ['2002-1201', '5'],
        ['8806000', '1'],
      ],
    });
    expect(numbers.find((s) => s.articleField === 'orderNumber')).toMatchObject({
      importHeader: 'Nummer',
      confidence: 0.7,
    });
  });

  it('content contradicting a known name lowers the confidence below the offer threshold', () => {
    const rows = [
      ['Schütz', 'Stk'],
      ['Klemme', 'Stk'],
      ['Relais', 'm'],
    ];
    expect(suggestMapping(['Menge', 'Einheit'], 'bom', { rows }).map((s) => s.articleField)).toEqual(['quantityUnit']);
    const quantities = suggestMapping(['Menge', 'Einheit'], 'bom', {
      rows: [
        ['2', 'Stk'],
        ['1,5', 'm'],
      ],
    });
    expect(quantities.map((s) => [s.articleField, s.confidence, s.contentConflict])).toEqual([
      ['quantity', 1, undefined],
      ['quantityUnit', 1, undefined],
    ]);
  });
});

describe('encoding weighs the characters each candidate produces (issue 11: µ read as CP850)', () => {
  it.each(['µ', '°', '²'])('a Windows-1252 file whose only special character is %s', async (ch) => {
    const bytes = win1252List(ch);
    expect(detectEncoding(bytes, false)).toBe('windows-1252');
    const { rows } = await readSpreadsheet(bytes, 'bom.csv');
    expect(rows[1]![1]).toBe(`10${ch}F`);
  });

  it('CP850 umlauts and a CP850 µ still read as CP850', () => {
    expect(detectEncoding(encodeCp850('Schütz;Größe;10µF'), false)).toBe('cp850');
    expect(
      detectEncoding(
        encodeCp850(
          toCsv(
            [
              ['Menge', 'Wert'],
              ['2', '10µF'],
              ['1', '4,7µF'],
            ],
            ';',
          ),
        ),
        false,
      ),
    ).toBe('cp850');
  });
});

describe('remembered mappings (issue 11: remember what people chose)', () => {
  const headers = ['Pos', 'Menge', 'Hersteller', 'Bestellnummer', 'Bezeichnung'];
  const saved = [
    { columnIndex: 1, importHeader: 'Menge', articleField: 'quantity' as const },
    { columnIndex: 3, importHeader: 'Bestellnummer', articleField: 'manufacturerNumber' as const },
  ];
  const entry = (h: string[], savedAt = new Date('2026-01-01'), useCount = 1): MappingMemoryEntry => ({
    companyId: 'c1',
    signature: headerSignature(h),
    headers: h,
    mapping: saved,
    savedAt,
    useCount,
  });

  it('signature ignores case, umlauts and punctuation but not order; similarity tolerates one changed column', () => {
    expect(headerSignature(['Best.-Nr.', 'Größe'])).toBe(headerSignature(['best nr', 'GROESSE', '']));
    expect(headerSignature(['a', 'b'])).not.toBe(headerSignature(['b', 'a']));
    expect(headerRowSimilarity(headers, [...headers.slice(0, 4), 'Beschreibung'])).toBeLessThan(0.8);
    const wider = [...headers, 'Bemerkung', 'Lieferant', 'Preis', 'Einheit', 'Datum'];
    expect(headerRowSimilarity(wider, [...wider.slice(0, 9), 'Termin'])).toBeGreaterThanOrEqual(0.8);
  });

  it('the nearest entry comes first, re-resolved to the current columns and marked as remembered', () => {
    const moved = ['Menge', 'Bestellnummer', 'Hersteller', 'Pos', 'Bezeichnung'];
    const ranked = rankRememberedMappings(moved, [entry(['x', 'y']), entry(headers)]);
    expect(ranked).toHaveLength(1);
    expect(ranked[0]!.similarity).toBeGreaterThanOrEqual(0.9);
    expect(ranked[0]!.suggestions).toEqual([
      {
        columnIndex: 0,
        importHeader: 'Menge',
        articleField: 'quantity',
        confidence: ranked[0]!.similarity,
        source: 'remembered',
      },
      {
        columnIndex: 1,
        importHeader: 'Bestellnummer',
        articleField: 'manufacturerNumber',
        confidence: ranked[0]!.similarity,
        source: 'remembered',
      },
    ]);
    const first = firstSuggestion(headers, suggestMapping(headers, 'bom'), [entry(headers)]);
    expect(first.suggestions.every((s) => s.source === 'remembered')).toBe(true);
    expect(byField(first.computed).orderNumber).toBe('Bestellnummer');
    expect(firstSuggestion(['a', 'b'], [], [entry(headers)]).remembered).toBeUndefined();
  });
});
