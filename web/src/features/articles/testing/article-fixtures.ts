import type { Article, FieldValue } from '@model/catalogue';

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 'a1',
    orderNumber: '3211757',
    manufacturerNumber: 'PXC3211757',
    manufacturerId: 'm1',
    manufacturerName: 'Phoenix Contact',
    listPrice: 1234.5,
    width: 0.52,
    height: 4.82,
    depth: 3.55,
    weight: 0.006,
    articleImportSource: 'MANUAL',
    possibleOrderNumbers: [],
    possibleManufacturerNumbers: [],
    wholesalerInfos: [],
    createDate: new Date('2026-11-01T10:00:00Z'),
    lastUpdate: new Date('2026-11-01T10:00:00Z'),
    ...overrides,
  };
}

export function makeFieldValue(overrides: Partial<FieldValue> = {}): FieldValue {
  return {
    id: 'm1',
    displayName: 'Phoenix Contact',
    nameVariants: ['Phoenix'],
    usedByArticleAmount: 3,
    createDate: new Date('2026-11-01T10:00:00Z'),
    lastUpdate: new Date('2026-11-01T10:00:00Z'),
    ...overrides,
  };
}
