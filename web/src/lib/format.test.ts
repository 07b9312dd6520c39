import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatEur } from './format';

describe('format', () => {
  it('formats German dates', () => {
    expect(formatDateTime(new Date(2025, 4, 22, 9, 5))).toBe('22.05.2025 09:05');
    expect(formatDate(new Date(2025, 4, 2))).toBe('02.05.2025');
    expect(formatDateTime(undefined)).toBe('');
  });
  it('formats a model day (YYYY-MM-DD) as TT.MM.JJJJ, whatever the time zone', () => {
    expect(formatDay('2027-03-15')).toBe('15.03.2027');
    expect(formatDay('')).toBe('');
    expect(formatDay(undefined)).toBe('');
  });
  it('formats EUR in German number format', () => {
    expect(formatEur(1234.5).replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatEur(undefined)).toBe('');
  });
});
