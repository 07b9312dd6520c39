/**
 * Issue 24, "Mapping reads what panel builders really send": one or two fixtures per class the engine used
 * to map wrong (fixtures/builder-fixtures.ts), each read through the public pipeline (reader → header row →
 * mapping with content → lines). The same cases feed the corpus bench's "builder lists" row.
 */
import { describe, expect, it } from 'vitest';
import { BUILDER_CASES, BUILDER_CSV, readBuilderCsv, readBuilderList } from './fixtures/builder-fixtures.js';
import { buildBomLines } from './lines.js';
import { suggestMapping, toFieldMapping, validateMapping } from './mapping.js';

describe('builder lists: header row and key columns', () => {
  it.each(BUILDER_CASES.map((c) => [c.kind, c.name, c] as const))('class %i: %s', async (_kind, _name, c) => {
    const r = await readBuilderList(c.bytes(), c.fileName);
    expect(r.headerRowIndex).toBe(c.headerRow);
    expect(r.keys).toEqual(c.keys);
    expect(validateMapping(toFieldMapping(r.suggestions), 'bom', r.headers)).toEqual([]);
  });
});

describe('class 1: EPLAN Artikelstückliste', () => {
  it('ERP numbers and stock on hand stay unmapped; all 3000 rows become lines with the type number', async () => {
    const c = BUILDER_CASES[0]!;
    const r = await readBuilderList(c.bytes(), c.fileName);
    const mapped = r.suggestions.map((s) => s.importHeader);
    expect(mapped).not.toContain('ERP-\nNummer');
    expect(mapped).not.toContain('Anzahl\nvorhanden');
    const { lines } = buildBomLines(r.rows, r.headerRowIndex, {
      headers: r.headers,
      mapping: toFieldMapping(r.suggestions),
    });
    expect(lines).toHaveLength(3000);
    expect(lines[0]).toMatchObject({
      manufacturerNumber: '3RV2011-0BA15',
      orderNumber: 'SIE.3RV2011-0BA15',
      quantity: 1,
    });
  });

  it('the CSV label export keeps its line-broken header cells and reads "Typ-Nr." for the manufacturer number', async () => {
    const r = await readBuilderList(readBuilderCsv(BUILDER_CSV.eplanCsv), BUILDER_CSV.eplanCsv);
    expect(r.headers.slice(0, 4)).toEqual(['Pos.', 'ERP-\nNummer', 'Anzahl', 'Anzahl\nvorhanden']);
    const { lines } = buildBomLines(r.rows, r.headerRowIndex, {
      headers: r.headers,
      mapping: toFieldMapping(r.suggestions),
    });
    expect(lines.find((l) => l.rowNumber === 11)).toMatchObject({
      manufacturerNumber: 'PT 2,5',
      orderNumber: '3209510',
      quantity: 24,
    });
  });
});

describe('class 3 and 5: own item numbers and vendor names', () => {
  it('the project’s SP-2000 numbers are no order numbers; the vendor’s are', async () => {
    const r = await readBuilderList(readBuilderCsv(BUILDER_CSV.vendorNo), BUILDER_CSV.vendorNo);
    expect(r.suggestions.find((s) => s.importHeader === 'PART NO')).toBeUndefined();
    expect(r.suggestions.find((s) => s.importHeader === 'VENDOR')).toBeUndefined();
  });
});

describe('issue 32: positions and supplier names', () => {
  it.each([BUILDER_CSV.french, BUILDER_CSV.italian, BUILDER_CSV.spanish, BUILDER_CSV.supplierNames])(
    '%s: the position and supplier columns stay unmapped; every line has its numbers',
    async (file) => {
      const r = await readBuilderList(readBuilderCsv(file), file);
      const mapped = r.suggestions.map((s) => s.importHeader);
      for (const header of ['N°', 'Nr.', 'No.', 'Fournisseur', 'Fornitore', 'Proveedor', 'Supplier #'])
        expect(mapped).not.toContain(header);
      const { lines } = buildBomLines(r.rows, r.headerRowIndex, {
        headers: r.headers,
        mapping: toFieldMapping(r.suggestions),
      });
      expect(lines.length).toBeGreaterThanOrEqual(18);
      expect(lines.every((l) => !!l.manufacturerNumber && l.quantity > 0)).toBe(true);
    },
  );

  it('the catalogue’s manufacturer names and variants count like the built-in ones', () => {
    const rows = ['Kabelwerk Nord', 'Kabelwerk Nord 2', 'KWN', 'Elkom'].map((maker, i) => [String(7000 + i), maker]);
    const headers = ['Menge', 'Bestellnummer'];
    const transposed = rows.map(([n, maker]) => [n!, maker!]);
    expect(suggestMapping(headers, 'bom', { rows: transposed }).map((s) => s.articleField)).toContain('orderNumber');
    expect(
      suggestMapping(headers, 'bom', {
        rows: transposed,
        knownNames: ['Kabelwerk Nord', 'KWN', 'Elkom'],
      }).map((s) => s.articleField),
    ).not.toContain('orderNumber');
  });
});
