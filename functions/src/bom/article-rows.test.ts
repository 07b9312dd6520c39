import { describe, expect, it } from 'vitest';
import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';
import { ArticleRowBuilder } from './article-rows.js';
import { suggestMapping, toFieldMapping } from './mapping.js';

const HEADERS = [
  'Artikelnummer',
  'Hersteller',
  'Herstellernummer',
  'Listenpreis',
  'Preiseinheit',
  'RoHS',
  'Breite',
  'Einheit Breite',
  'Gewicht',
  'Alternative Bestellnummern',
  'EAN',
];

describe('ArticleRowBuilder', () => {
  const b = new ArticleRowBuilder({
    headers: HEADERS,
    mapping: toFieldMapping(suggestMapping(HEADERS, 'article')),
    unitWeight: 'G',
  });

  it('types text, numbers, booleans, lists and converts units', () => {
    const r = b.build(
      [
        '0042-A',
        'Siemens',
        '3RT2015-1BB41',
        '1.234,50',
        '100',
        'ja',
        '45',
        'mm',
        '250',
        'ALT-1; ALT 2|PT 2,5',
        '04011234567890',
      ],
      2,
    )!;
    expect(r.values).toEqual({
      orderNumber: '0042-A',
      manufacturerName: 'Siemens',
      manufacturerNumber: '3RT2015-1BB41',
      listPrice: 1234.5,
      priceUnitSize: 100,
      rohs: true,
      width: 4.5,
      weight: 0.25,
      possibleOrderNumbers: ['ALT-1', 'ALT 2', 'PT 2,5'],
      eanNumber: '04011234567890',
    });
    expect(r).toMatchObject({ orderNumberKey: '0042A', manufacturerNumberKey: '3RT20151BB41', problems: [] });
  });

  it('reports invalid values and missing identification with i18n keys', () => {
    const r = b.build(['', '', 'HN-1', 'teuer', '', 'vielleicht', '3', 'zoll', '', '', ''], 3)!;
    expect(r.problems).toEqual([
      { field: 'listPrice', key: BOM_I18N_KEYS.importInvalidNumber },
      { field: 'rohs', key: BOM_I18N_KEYS.importInvalidBoolean },
      { field: 'width', key: BOM_I18N_KEYS.importUnitMismatch },
      { key: BOM_I18N_KEYS.articleMissingValues },
    ]);
    expect(b.build(['', 'ABB', 'HN-1'], 4)!.problems).toEqual([]);
    expect(b.build([' ', ''], 5)).toBeUndefined();
  });
});
