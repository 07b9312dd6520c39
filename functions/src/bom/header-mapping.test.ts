import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';
import { readSpreadsheet } from '../spreadsheet/index.js';
import { FIXTURE_DIR } from './fixtures/make-fixtures.js';
import { extractHeaders, suggestHeaderRow, validateHeaderRowIndex } from './header.js';
import { fieldScore, suggestMapping, toFieldMapping, validateMapping } from './mapping.js';
import { headerSimilarity, normaliseHeader } from './text-normalise.js';

const read = async (name: string): Promise<string[][]> =>
  (await readSpreadsheet(readFileSync(join(FIXTURE_DIR, name)), name)).rows;
const byField = (s: ReturnType<typeof suggestMapping>): Record<string, string> =>
  Object.fromEntries(s.map((x) => [x.articleField, x.importHeader]));

describe('header row', () => {
  it('validates the index: whole number ≥ 1, with the spec key per context', () => {
    expect(validateHeaderRowIndex(1)).toBeUndefined();
    expect(validateHeaderRowIndex('4')).toBeUndefined();
    for (const bad of [0, -1, 1.5, '1,5', '', null, undefined, Number.NaN, 'abc']) {
      expect(validateHeaderRowIndex(bad)).toBe(BOM_I18N_KEYS.headerRowIndexWrong);
    }
    expect(validateHeaderRowIndex(0, 'bomUpdateHeader')).toBe(BOM_I18N_KEYS.indexInvalid);
    expect(validateHeaderRowIndex(0, 'importConfig')).toBe(BOM_I18N_KEYS.importWrongIndex);
  });

  it('extracts headers and reports a blank header row', () => {
    expect(extractHeaders([['a'], [' Menge ', '', 'BMK']], 2)).toEqual({ headers: ['Menge', '', 'BMK'] });
    expect(extractHeaders([['a']], 3)).toEqual({ headers: [], issue: BOM_I18N_KEYS.noHeadersFound });
    expect(extractHeaders([[''], ['x']], 1).issue).toBe(BOM_I18N_KEYS.noHeadersFound);
  });

  it.each([
    ['german-excel.csv', 4],
    ['german.xls', 4],
    ['english-utf8-bom.csv', 2],
    ['leading-zeros.xlsx', 3],
    ['tab-separated.txt', 1],
    ['cp850.txt', 1],
  ])('suggests the header row of %s: %i', async (file, row) => {
    const s = suggestHeaderRow(await read(file));
    expect(s.headerRowIndex).toBe(row);
    expect(s.confidence).toBeGreaterThan(0.5);
  });

  it('finds a header below a long title block and ignores rows after the scan window', () => {
    const rows = [
      ['Firma Müller GmbH'],
      ['Projekt 4711', 'Datum 01.02.2026'],
      [],
      ['Hinweis: alle Maße in mm'],
      ['Menge', 'Artikelnummer', 'Hersteller'],
      ['1', 'A1', 'X'],
      ['2', 'A2', 'Y'],
    ];
    expect(suggestHeaderRow(rows).headerRowIndex).toBe(5);
    expect(suggestHeaderRow([]).confidence).toBe(0);
  });
});

describe('mapping suggestion', () => {
  it('normalises case, umlauts and punctuation', () => {
    expect(normaliseHeader(' Best.-Nr. ')).toBe('best nr');
    expect(normaliseHeader('Größe (mm)')).toBe('groesse mm');
    expect(normaliseHeader('HÖHE')).toBe('hoehe');
    expect(normaliseHeader('++')).toBe('++');
    expect(headerSimilarity('bestell nummer', 'bestellnummer')).toBeGreaterThan(0.9);
  });

  it('maps the German fixture, each field once, manufacturer number to the exact column', async () => {
    const rows = await read('german-excel.csv');
    const s = suggestMapping(rows[3]!, 'bom');
    expect(byField(s)).toEqual({
      quantity: 'Menge',
      quantityUnit: 'Einheit',
      manufacturerName: 'Hersteller',
      orderNumber: 'Bestellnummer',
      manufacturerNumber: 'Hersteller-Artikelnummer',
      description: 'Bezeichnung',
      bmk: 'BMK',
      installationLocation: 'Einbauort',
      functionalAssignment: 'Anlage',
      isSuppliedPart: 'Beistellung',
      width: 'Breite (mm)',
      weight: 'Gewicht',
    });
    expect(s.find((x) => x.articleField === 'width')).toMatchObject({ unitHint: 'MM', columnIndex: 11, confidence: 1 });
    expect(new Set(s.map((x) => x.articleField)).size).toBe(s.length);
    for (const x of s) expect(x.confidence > 0 && x.confidence <= 1).toBe(true);
    expect(validateMapping(toFieldMapping(s), 'bom', rows[3])).toEqual([]);
  });

  it('maps English headers', async () => {
    const rows = await read('english-utf8-bom.csv');
    expect(byField(suggestMapping(rows[1]!, 'bom'))).toEqual({
      quantity: 'Qty',
      manufacturerName: 'Manufacturer',
      orderNumber: 'Order number',
      manufacturerNumber: 'Manufacturer part number',
      description: 'Description',
      bmk: 'Designator',
    });
  });

  it.each([
    [
      'French',
      ['N°', 'Désignation', 'Fabricant', 'Réf. fabricant', 'Réf. article', 'Qté', 'Unité', 'Prix'],
      ['Designation', 'FABRICANT', 'Ref fabricant', 'Ref. article', 'Qte', 'Unite', 'Prix'],
    ],
    [
      'Italian',
      ['Pos.', 'Descrizione', 'Produttore', 'Codice produttore', 'Codice articolo', 'Q.tà', 'U.M.', 'Prezzo'],
      ['Descrizione', 'Produttore', 'Cod. produttore', 'Cod. art.', 'Quantita', 'Unità di misura', 'Prezzo'],
    ],
    [
      'Spanish',
      ['Nº', 'Descripción', 'Fabricante', 'Ref. fabricante', 'Código de artículo', 'Cantidad', 'Unidad', 'Precio'],
      ['Descripcion', 'Fabricante', 'Referencia fabricante', 'Cód. artículo', 'Cant.', 'UdM', 'Precio'],
    ],
  ])('maps %s headers, with and without accents, and their abbreviations', (_lang, headers, spelt) => {
    const fields = ['description', 'manufacturerName', 'manufacturerNumber', 'orderNumber', 'quantity', 'quantityUnit'];
    for (const h of [headers, ['', ...spelt]]) {
      const m = suggestMapping(h, 'bom');
      expect(m.map((x) => x.articleField)).toEqual(fields);
      expect(m.map((x) => x.columnIndex)).toEqual([1, 2, 3, 4, 5, 6]);
      // a BOM has no price field; the article import takes it
      expect(suggestMapping(h, 'article').find((x) => x.columnIndex === 7)?.articleField).toBe('listPrice');
    }
    // money names feed price fields only; stock words are no quantity
    for (const money of ['Prezzo unitario', 'Precio unitario', 'Importe', 'Costo'])
      expect(fieldScore(money, 'quantity'), money).toBe(0);
    for (const stock of ['Quantità disponibile', 'Cantidad en almacén', 'Quantité disponible'])
      expect(fieldScore(stock, 'quantity'), stock).toBe(0);
    expect(fieldScore('Fornitore', 'isSuppliedPart')).toBe(0);
  });

  it('maps abbreviations, typos and symbol headers; leaves unknown columns unmapped', () => {
    const headers = [
      'Pos.',
      'Best.-Nr.',
      'Anz.',
      'Herstelernummer',
      '+',
      '++',
      '-',
      '=',
      '==',
      'Großhändler-Bestellnummer',
      'Farbe',
      'Stück',
    ];
    const m = byField(suggestMapping(headers, 'bom'));
    expect(m).toMatchObject({
      orderNumber: 'Best.-Nr.',
      quantity: 'Anz.',
      manufacturerNumber: 'Herstelernummer',
      installationLocation: '+',
      locationIdentifier: '++',
      bmk: '-',
      functionalAssignment: '=',
      functionDesignation: '==',
      wholesalerOrderNumber: 'Großhändler-Bestellnummer',
    });
    expect(Object.values(m)).not.toContain('Farbe');
    expect(Object.values(m)).not.toContain('Pos.');
    expect(Object.values(m)).not.toContain('Stück'); // equal scores: the earlier column keeps quantity
  });

  it('article import fields', () => {
    const headers = [
      'Artikelnummer',
      'Hersteller',
      'Listenpreis',
      'Rabattgruppe',
      'EAN',
      'Preiseinheit',
      'VPE',
      'Zolltarifnummer',
      'Ursprungsland',
      'Lieferzeit',
      'Kupfergewicht',
      'Einkaufspreis',
      'ERP-Nummer',
      'Beschreibung',
    ];
    expect(byField(suggestMapping(headers, 'article'))).toEqual({
      orderNumber: 'Artikelnummer',
      manufacturerName: 'Hersteller',
      listPrice: 'Listenpreis',
      discountGroupId: 'Rabattgruppe',
      eanNumber: 'EAN',
      priceUnitSize: 'Preiseinheit',
      packagingUnitSize: 'VPE',
      customsTarifNumber: 'Zolltarifnummer',
      countryOfOriginAbbreviation: 'Ursprungsland',
      deliveryTime: 'Lieferzeit',
      copperWeight: 'Kupfergewicht',
      purchasePrice: 'Einkaufspreis',
      erpNumber: 'ERP-Nummer',
      description: 'Beschreibung',
    });
    expect(fieldScore('Breite', 'quantity')).toBeLessThan(0.5);
  });
});

describe('mapping validation keys', () => {
  it('BOM needs order or manufacturer number; article import needs order number; fields once', () => {
    expect(validateMapping([{ importHeader: 'Menge', articleField: 'quantity' }], 'bom')).toEqual([
      { key: BOM_I18N_KEYS.missingMapping },
    ]);
    expect(validateMapping([{ importHeader: 'HN', articleField: 'manufacturerNumber' }], 'bom')).toEqual([]);
    expect(validateMapping([{ importHeader: 'HN', articleField: 'manufacturerNumber' }], 'article')[0]).toEqual({
      key: BOM_I18N_KEYS.importMissingMapping,
    });
    const twice = validateMapping(
      [
        { columnIndex: 0, importHeader: 'A', articleField: 'orderNumber' },
        { columnIndex: 1, importHeader: 'B', articleField: 'orderNumber' },
      ],
      'bom',
    );
    expect(twice).toEqual([{ key: BOM_I18N_KEYS.fieldUsedTwice, field: 'orderNumber', columnIndex: 1 }]);
    expect(
      validateMapping(
        [
          { importHeader: 'A', articleField: 'listPrice' },
          { importHeader: 'B', articleField: 'orderNumber' },
        ],
        'bom',
      )[0]!.key,
    ).toBe(BOM_I18N_KEYS.unknownField);
    expect(validateMapping([{ importHeader: 'Nope', articleField: 'orderNumber' }], 'bom', ['A'])[0]!.key).toBe(
      BOM_I18N_KEYS.columnOutOfRange,
    );
  });
});
