import type { FieldValue } from '@model/catalogue';
import type { ImportConfig } from '@model/import-config';

export function makeImportConfig(overrides: Partial<ImportConfig> = {}): ImportConfig {
  return {
    id: 'c1',
    manufacturerId: 'm1',
    title: 'Phoenix Contact Preisliste',
    description: 'Monatliche Preisliste',
    filename: 'preisliste.csv',
    headers: ['Artikelnummer', 'Bezeichnung', 'Listenpreis'],
    headerRowIndex: 1,
    fieldMapping: [{ columnIndex: 0, importHeader: 'Artikelnummer', articleField: 'orderNumber' }],
    unitDepth: 'CM',
    unitHeight: 'CM',
    unitWidth: 'CM',
    unitWeight: 'KG',
    changeEntries: [],
    createDate: '2026-11-01T10:00:00.000Z',
    lastUpdate: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeFieldValue(overrides: Partial<FieldValue> = {}): FieldValue {
  return {
    id: 'm1',
    displayName: 'Phoenix Contact',
    nameVariants: [],
    usedByArticleAmount: 0,
    createDate: new Date('2026-11-01T10:00:00Z'),
    lastUpdate: new Date('2026-11-01T10:00:00Z'),
    ...overrides,
  };
}
