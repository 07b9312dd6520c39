import { describe, expect, it } from 'vitest';
import { publicArticle, type Article } from '../../model/catalogue.js';
import { articleSchema, isHttpLink } from '../../model/catalogue-schemas.js';
import { hasAtMostTwoDecimals } from '../../model/price.js';
import { hasRequiredNumbers } from './articles.service.js';
import { claimsOf, countDeltas, refsOf, withoutRepeatedAlternatives } from './catalogue-keys.js';
import { cleanVariants, nameClaims } from './catalogue-names.js';
import { CHUNK_WRITE_BUDGET, withinWriteBudget } from './catalogue-tasks.js';

const article = (a: Partial<Article>): Article => ({
  id: 'a1',
  articleImportSource: 'MANUAL',
  possibleOrderNumbers: [],
  possibleManufacturerNumbers: [],
  wholesalerInfos: [],
  createDate: new Date(0),
  lastUpdate: new Date(0),
  ...a,
});

describe('article numbers', () => {
  it('claims order numbers catalogue-wide and manufacturer numbers per manufacturer, normalised, each once', () => {
    const claims = claimsOf(
      article({
        orderNumber: '3211-813',
        possibleOrderNumbers: ['3211 813', 'pt 2,5'],
        manufacturerNumber: 'ab.12',
        manufacturerId: 'm1',
        possibleManufacturerNumbers: ['AB12', 'x/1'],
      }),
    );
    expect(claims).toEqual({ order: ['3211813', 'PT2,5'], manufacturer: ['m1|AB12', 'm1|X1'] });
    expect(claimsOf(article({ manufacturerNumber: 'Z 9' })).manufacturer).toEqual(['-|Z9']);
  });

  it('drops alternatives that repeat the main number or an earlier alternative', () => {
    expect(withoutRepeatedAlternatives('3211-813', ['3211813', 'A-1', 'a1', ' ', 'B2'])).toEqual(['A-1', 'B2']);
  });

  it('needs an order number, or a manufacturer number with a manufacturer', () => {
    expect(hasRequiredNumbers({ orderNumber: ' - ' })).toBe(false);
    expect(hasRequiredNumbers({ orderNumber: 'X1' })).toBe(true);
    expect(hasRequiredNumbers({ manufacturerNumber: 'M1' })).toBe(false);
    expect(hasRequiredNumbers({ manufacturerNumber: 'M1', manufacturerId: 'm' })).toBe(true);
  });
});

describe('counts', () => {
  it('nets the changes of many articles into one delta per field value', () => {
    const a = refsOf(
      article({
        manufacturerId: 'm1',
        unitId: 'u1',
        wholesalerInfos: [{ wholesalerId: 'w1' }, { wholesalerId: 'w1' }],
      }),
    );
    const b = refsOf(article({ manufacturerId: 'm2', unitId: 'u1' }));
    expect(a).toEqual(['manufacturer:m1', 'unit:u1', 'wholesaler:w1']);
    const deltas = countDeltas([{ before: a, after: b }, { before: a }, { after: b }]);
    expect(Object.fromEntries(deltas)).toEqual({ 'manufacturer:m1': -2, 'manufacturer:m2': 2, 'wholesaler:w1': -2 });
  });
});

describe('chunks', () => {
  it('take the articles whose writes fit into one commit, at least one', () => {
    const items = Array.from({ length: 300 }, (_, i) => i);
    expect(withinWriteBudget(items, () => 3)).toHaveLength(Math.floor(CHUNK_WRITE_BUDGET / 3));
    expect(withinWriteBudget(items, () => 1)).toHaveLength(300);
    expect(withinWriteBudget(items, () => 1000)).toHaveLength(1);
  });
});

describe('names', () => {
  it('variants are trimmed and never repeat the display name or each other (case-insensitive)', () => {
    expect(cleanVariants('Phoenix Contact', [' PHOENIX ', 'phoenix contact', 'Phoenix', ''])).toEqual(['PHOENIX']);
  });

  it('claims names lower case; discount groups per manufacturer', () => {
    expect(nameClaims('unit', { displayName: 'Stück', nameVariants: ['Stk', 'STÜCK'] })).toEqual(['stück', 'stk']);
    expect(nameClaims('discountGroup', { displayName: 'RG 1', nameVariants: [], manufacturerId: 'm1' })).toEqual([
      'm1|rg 1',
    ]);
  });
});

describe('input rules', () => {
  it('numbers: at most two decimals; links: http(s) only', () => {
    expect([1, 1.5, 1.25, 0.1 + 0.2].map(hasAtMostTwoDecimals)).toEqual([true, true, true, true]);
    expect(hasAtMostTwoDecimals(1.234)).toBe(false);
    expect(
      ['https://www.wago.com', 'http://x.de/a', 'ftp://x', 'javascript:alert(1)', 'www.x.de'].map(isHttpLink),
    ).toEqual([true, true, false, false, false]);
  });

  it('refuses strings for numbers and too many alternatives', async () => {
    await expect(articleSchema.validate({ listPrice: '12' })).rejects.toThrow();
    await expect(
      articleSchema.validate({ possibleOrderNumbers: Array.from({ length: 51 }, (_, i) => `A${i}`) }),
    ).rejects.toThrow();
    expect((await articleSchema.validate({ possibleOrderNumbers: [' A1 ', ''] })).possibleOrderNumbers).toEqual(['A1']);
  });

  it('customers see no internal fields', () => {
    const shown = publicArticle(
      article({ orderNumber: 'X', listPrice: 5, purchasePrice: 4, discountGroupId: 'd', erpNumber: 'E' }),
    );
    expect(shown).toEqual({
      id: 'a1',
      orderNumber: 'X',
      purchasePrice: 4,
      possibleOrderNumbers: [],
      possibleManufacturerNumbers: [],
    });
  });
});
