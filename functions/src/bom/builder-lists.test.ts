/**
 * Issue 24, "Mapping reads what panel builders really send": one fixture per class the engine used to map
 * wrong, each read through the public pipeline (reader → header row → mapping with content → lines).
 */
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../spreadsheet/index.js';
import { BUILDER_CSV, buildEplanWorkbook, readBuilderCsv } from './fixtures/builder-fixtures.js';
import { extractHeaders, suggestHeaderRow } from './header.js';
import { buildBomLines } from './lines.js';
import { suggestMapping, toFieldMapping, validateMapping, type MappingSuggestion } from './mapping.js';

const KEYS = ['orderNumber', 'manufacturerNumber', 'manufacturerName', 'quantity', 'description'] as const;
type Key = (typeof KEYS)[number];

interface Read {
  headerRowIndex: number;
  headers: string[];
  rows: string[][];
  suggestions: MappingSuggestion[];
  /** header text per key field, null = left unmapped */
  keys: Record<Key, string | null>;
}

async function readList(bytes: Buffer, name: string): Promise<Read> {
  const { rows } = await readSpreadsheet(bytes, name);
  const { headerRowIndex } = suggestHeaderRow(rows);
  const { headers } = extractHeaders(rows, headerRowIndex);
  const suggestions = suggestMapping(headers, 'bom', { rows: rows.slice(headerRowIndex, headerRowIndex + 200) });
  const keys = Object.fromEntries(
    KEYS.map((k) => [k, suggestions.find((s) => s.articleField === k)?.importHeader ?? null]),
  ) as Record<Key, string | null>;
  return { headerRowIndex, headers, rows, suggestions, keys };
}

const csv = (name: string): Promise<Read> => readList(readBuilderCsv(name), name);

describe('class 1: EPLAN Artikelstückliste', () => {
  it('xlsx with title block, line breaks and 3000 rows: Typ is the manufacturer number, ERP and stock stay unmapped', async () => {
    const r = await readList(buildEplanWorkbook(3000), 'Artikelstueckliste.xlsx');
    expect(r.headerRowIndex).toBe(8);
    expect(r.keys).toEqual({
      orderNumber: 'Artikel-\nnummer',
      manufacturerNumber: 'Typ',
      manufacturerName: 'Hersteller',
      quantity: 'Anzahl',
      description: 'Bezeichnung',
    });
    const mappedHeaders = r.suggestions.map((s) => s.importHeader);
    expect(mappedHeaders).not.toContain('ERP-\nNummer');
    expect(mappedHeaders).not.toContain('Anzahl\nvorhanden');
    // every article row becomes a line with the manufacturer's type number
    const { lines } = buildBomLines(r.rows, r.headerRowIndex, {
      headers: r.headers,
      mapping: toFieldMapping(r.suggestions),
    });
    expect(lines).toHaveLength(3000);
    expect(lines[0]).toMatchObject({ manufacturerNumber: '3RV2011-0BA15', orderNumber: 'SIE.3RV2011-0BA15', quantity: 1 });
  });

  it('CSV label export: "Typ-Nr." is the manufacturer number, not "ERP-Nummer"; "Anzahl vorhanden" is no quantity', async () => {
    const r = await csv(BUILDER_CSV.eplanCsv);
    expect(r.headerRowIndex).toBe(6);
    expect(r.keys).toEqual({
      orderNumber: 'Bestellnummer',
      manufacturerNumber: 'Typ-Nr.',
      manufacturerName: 'Hersteller',
      quantity: 'Anzahl',
      description: 'Benennung',
    });
    expect(r.suggestions.map((s) => s.importHeader)).not.toContain('ERP-\nNummer');
  });
});

describe('class 2: a type column beside the manufacturer', () => {
  it('"Type" right of "Manufacturer" holding type numbers is the manufacturer number', async () => {
    const r = await csv(BUILDER_CSV.typeBesideManufacturer);
    expect(r.headerRowIndex).toBe(1);
    expect(r.keys).toEqual({
      orderNumber: null,
      manufacturerNumber: 'Type',
      manufacturerName: 'Manufacturer',
      quantity: 'Qty',
      description: 'Description',
    });
    expect(validateMapping(toFieldMapping(r.suggestions), 'bom', r.headers)).toEqual([]);
  });
});

describe('class 3: the project’s own item numbers are no order numbers', () => {
  it('SP-2000 … under "PART NO" stays unmapped; "VENDOR NO" holds the order numbers', async () => {
    const r = await csv(BUILDER_CSV.vendorNo);
    expect(r.headerRowIndex).toBe(1);
    expect(r.keys).toEqual({
      orderNumber: 'VENDOR NO',
      manufacturerNumber: 'MFG PART NO',
      manufacturerName: 'MFG',
      quantity: 'QTY',
      description: 'DESCRIPTION',
    });
  });

  it('POS-001 … under "Artikel-Nr." stays unmapped; the number beside "Lieferant" is the order number', async () => {
    const r = await csv(BUILDER_CSV.ownPositions);
    expect(r.keys).toEqual({
      orderNumber: 'Bestell-Nr. Lieferant',
      manufacturerNumber: 'Hersteller-Nr.',
      manufacturerName: 'Hersteller',
      quantity: 'Menge',
      description: 'Bezeichnung',
    });
  });
});

describe('class 4: distributor columns hold order numbers', () => {
  it('"Digikey" (…-ND) is the order number, the bare "Part Number" beside "Manufacturer" the manufacturer number', async () => {
    const r = await csv(BUILDER_CSV.distributorColumns);
    expect(r.keys).toEqual({
      orderNumber: 'Digikey',
      manufacturerNumber: 'Part Number',
      manufacturerName: 'Manufacturer',
      quantity: 'Qty',
      description: 'Description',
    });
  });

  it('a shop URL header over order codes is the order number; the price column beside it is not', async () => {
    const r = await csv(BUILDER_CSV.shopUrl);
    expect(r.keys).toEqual({
      orderNumber: 'https://www.reichelt.de',
      manufacturerNumber: null,
      manufacturerName: null,
      quantity: 'Menge',
      description: 'Beschreibung',
    });
  });
});

describe('class 5: a vendor-name column is no manufacturer', () => {
  it('"Vendor" holding Digi-Key, Mouser … stays unmapped; its part numbers are the order numbers', async () => {
    const r = await csv(BUILDER_CSV.vendorName);
    expect(r.keys).toEqual({
      orderNumber: 'Vendor Part #',
      manufacturerNumber: 'Mfr Part #',
      manufacturerName: null,
      quantity: 'Qty',
      description: 'Description',
    });
  });
});
