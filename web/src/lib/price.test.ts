import { describe, expect, it } from 'vitest';
import { formatPriceInput, isValidPrice, parsePriceInput } from './price';

describe('price in German format', () => {
  it('reads a comma as the decimal mark and dots as thousands', () => {
    expect(parsePriceInput('1.234,50')).toBe(1234.5);
    expect(parsePriceInput('1234,5')).toBe(1234.5);
    expect(parsePriceInput('12.345.678,09 €')).toBe(12345678.09);
    expect(parsePriceInput('1.234')).toBe(1234);
    expect(parsePriceInput('0')).toBe(0);
  });

  it('reads a single dot before one or two final digits as a decimal mark', () => {
    expect(parsePriceInput('12.5')).toBe(12.5);
    expect(parsePriceInput('12.50')).toBe(12.5);
  });

  it('empty is absent, text that is no amount is NaN', () => {
    expect(parsePriceInput('')).toBeUndefined();
    expect(parsePriceInput('  ')).toBeUndefined();
    expect(parsePriceInput('zwölf')).toBeNaN();
    expect(parsePriceInput('1,2,3')).toBeNaN();
  });

  it('formats with two decimals and thousands dots', () => {
    expect(formatPriceInput(1234.5)).toBe('1.234,50');
    expect(formatPriceInput(0)).toBe('0,00');
    expect(formatPriceInput(undefined)).toBe('');
  });

  it('the model accepts cents and refuses fractions of a cent and negative prices', () => {
    const at = isValidPrice;
    expect(at(parsePriceInput('1.234,56'))).toBe(true);
    expect(at(parsePriceInput('0,00'))).toBe(true);
    expect(at(parsePriceInput('1,234'))).toBe(false);
    expect(at(parsePriceInput('-1,00'))).toBe(false);
  });
});
