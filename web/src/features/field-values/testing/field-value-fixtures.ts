import type { FieldValue } from '@model/catalogue';

export function makeFieldValue(overrides: Partial<FieldValue> = {}): FieldValue {
  return {
    id: 'f1',
    displayName: 'Stück',
    nameVariants: ['Stk'],
    usedByArticleAmount: 0,
    createDate: new Date('2026-11-01T10:00:00Z'),
    lastUpdate: new Date('2026-11-01T10:00:00Z'),
    ...overrides,
  };
}
