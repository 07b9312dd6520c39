import { describe, expect, it } from 'vitest';
import type { Article } from '../../model/catalogue.js';
import { articleExportFilterSchema, eclassClassOf, matchesEclassTypes } from '../../model/article-transfer.js';
import { EXPORT_HEADER, exportFileName, exportLines, matchesExportFilter } from './article-export.js';

const article = (a: Partial<Article>): Article => ({
  id: 'a',
  articleImportSource: 'CSV',
  possibleOrderNumbers: [],
  possibleManufacturerNumbers: [],
  wholesalerInfos: [],
  createDate: new Date(),
  lastUpdate: new Date(),
  ...a,
});
const none = { manufacturers: [], importSources: [], priceRange: {} };

describe('article export', () => {
  it('filters by source and list price range (bounds included; no price → out once a bound is set)', () => {
    const f = { ...none, importSources: ['CSV' as const], priceRange: { from: 1, to: 2 } };
    expect(matchesExportFilter(article({ listPrice: 1 }), f)).toBe(true);
    expect(matchesExportFilter(article({ listPrice: 2 }), f)).toBe(true);
    expect(matchesExportFilter(article({ listPrice: 2.01 }), f)).toBe(false);
    expect(matchesExportFilter(article({}), f)).toBe(false);
    expect(matchesExportFilter(article({ listPrice: 1, articleImportSource: 'MANUAL' }), f)).toBe(false);
    expect(matchesExportFilter(article({}), none)).toBe(true);
  });

  it('filters by type: the ECLASS classes at any level, separators ignored; no code → out once a type is set', () => {
    expect(eclassClassOf(' 27-14-11 ')).toBe('271411');
    expect(eclassClassOf('27.14.11.20')).toBe('27141120');
    for (const bad of ['', '2', '271', '271411201', 'Klemme', '27-14-1']) expect(eclassClassOf(bad)).toBeUndefined();
    expect(matchesEclassTypes('27141120', ['2714'])).toBe(true);
    expect(matchesEclassTypes('27-14-11-20', ['271411'])).toBe(true);
    expect(matchesEclassTypes('27141120', ['2737', '27141120'])).toBe(true);
    expect(matchesEclassTypes('27371001', ['2714'])).toBe(false);
    expect(matchesEclassTypes(undefined, ['27'])).toBe(false);
    expect(matchesEclassTypes(undefined, [])).toBe(true);
    const f = { ...none, types: ['2714'] };
    expect(matchesExportFilter(article({ eclass9_1Id: '27141901' }), f)).toBe(true);
    expect(matchesExportFilter(article({ eclass9_1Id: '27371001' }), f)).toBe(false);
    expect(matchesExportFilter(article({}), f)).toBe(false);
  });

  it('writes BOM, ";", quoted cells, German decimals, neutralised formulas, alternatives joined by |', () => {
    expect(EXPORT_HEADER.startsWith('\uFEFF"orderNumber";"manufacturerNumber"')).toBe(true);
    const line = exportLines(
      [
        article({
          orderNumber: '-K1',
          description: '=cmd|"/c calc"!A1',
          listPrice: 1.5,
          possibleOrderNumbers: ['X', 'Y'],
        }),
      ],
      none,
    );
    expect(line).toContain(`"'-K1"`);
    expect(line).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(line).toContain('"1,5"');
    expect(line).toContain('"X|Y"');
    expect(line.endsWith('\r\n')).toBe(true);
  });

  it('names the file by UTC time, with a suffix for task exports', () => {
    expect(exportFileName(new Date('2026-11-27T09:05:33Z'))).toBe('Artikelexport-2026-11-27-0905.csv');
    expect(exportFileName(new Date('2026-11-27T09:05:33Z'), 'ab12cd')).toBe('Artikelexport-2026-11-27-0905-ab12cd.csv');
  });

  it('the filter schema refuses from > to, negative prices, unknown sources', async () => {
    const bad = [{ priceRange: { from: 3, to: 2 } }, { priceRange: { from: -1 } }, { importSources: ['XLS'] }];
    for (const body of bad) await expect(articleExportFilterSchema.validate(body)).rejects.toThrow();
    await expect(articleExportFilterSchema.validate({ priceRange: { from: 2, to: 2 } })).resolves.toMatchObject({
      manufacturers: [],
      importSources: [],
      types: [],
    });
    await expect(articleExportFilterSchema.validate({ types: [' 27-14 ', '27141120'] })).resolves.toMatchObject({
      types: ['2714', '27141120'],
    });
    for (const types of [['271'], ['x'], [27], '2714']) {
      await expect(articleExportFilterSchema.validate({ types })).rejects.toThrow();
    }
  });
});
