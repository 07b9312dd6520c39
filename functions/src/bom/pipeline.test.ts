import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BomErrorType } from '../model/bom/bom-error.js';
import { buildManufacturerPrefixIndex } from '../model/bom/part-number.js';
import { readSpreadsheet, BOM_EXTENSIONS } from '../spreadsheet/index.js';
import { InMemoryArticleLookup } from './article-lookup.js';
import { generateSupplierBom } from './bom-export.js';
import { FIXTURE_DIR } from './fixtures/make-fixtures.js';
import { extractHeaders, suggestHeaderRow } from './header.js';
import { buildBomLines } from './lines.js';
import { suggestMapping, toFieldMapping, validateMapping } from './mapping.js';
import { matchBomLines } from './matcher.js';
import { summariseBom } from './results.js';

describe('upload → header → mapping → lines → matching → results (German .xls)', () => {
  it('runs the whole pipeline', async () => {
    const { rows } = await readSpreadsheet(readFileSync(join(FIXTURE_DIR, 'german.xls')), 'Stückliste.xls', {
      allowedExtensions: BOM_EXTENSIONS,
    });
    const { headerRowIndex } = suggestHeaderRow(rows);
    const { headers } = extractHeaders(rows, headerRowIndex);
    const suggestions = suggestMapping(headers, 'bom');
    const mapping = toFieldMapping(suggestions);
    expect(validateMapping(mapping, 'bom', headers)).toEqual([]);
    const { lines, duplicates } = buildBomLines(rows, headerRowIndex, {
      headers,
      mapping,
      suppliedPartString: 'x',
      unitWidth: 'MM',
    });
    const lookup = new InMemoryArticleLookup([
      {
        id: 'k1',
        orderNumber: '3RT2015-1BB41',
        manufacturerId: 'sie',
        manufacturerName: 'Siemens',
        listPrice: 40,
        discountPercent: 25,
        discountGroupName: 'RG S',
      },
      { id: 'x1', orderNumber: '3209510', manufacturerId: 'pxc', listPrice: 1.2, priceUnitSize: 10 },
      { id: 'u1', orderNumber: '8806000', manufacturerId: 'rit', listPrice: 900 },
    ]);
    const manufacturers = buildManufacturerPrefixIndex([
      { manufacturerId: 'sie', names: ['Siemens'] },
      { manufacturerId: 'pxc', names: ['Phoenix Contact'] },
    ]);
    await matchBomLines(lines, lookup, { manufacturers });
    expect(lines.map((l) => l.matchedArticleId ?? l.bomError)).toEqual([
      'k1',
      'x1',
      'u1',
      'k1',
      BomErrorType.ARTICLE_NOT_FOUND,
    ]);
    expect(duplicates).toEqual([{ rowNumber: 8, duplicateOfRow: 5 }]);
    const s = summariseBom(lines);
    // 2×40×0.75 + 1.5×0.12 + 2×40×0.75 (supplied Rittal ignored) = 60 + 0.18 + 60
    expect(s).toMatchObject({
      successRate: 80,
      errorCount: 1,
      duplicateCount: 1,
      estimate: { total: 120.18, min: 122.58, max: 156.23 },
    });
    const files = generateSupplierBom(lines);
    expect(new TextDecoder().decode(files.suppliedParts)).toContain('"8806000 - Schaltschrank Größe 800 - Rittal"');
  });
});
