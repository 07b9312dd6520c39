import { describe, expect, it } from 'vitest';
import { parseConversionUnit, toCentimetres, toKilograms } from './units.js';

describe('unit conversion into catalogue units (cm, kg)', () => {
  it('converts lengths and weights', () => {
    expect(toCentimetres(45, 'MM')).toBe(4.5);
    expect(toCentimetres(3, 'MM')).toBe(0.3);
    expect(toCentimetres(12, 'CM')).toBe(12);
    expect(toCentimetres(2.5, 'DM')).toBe(25);
    expect(toCentimetres(2, 'M')).toBe(200);
    expect(toKilograms(250, 'G')).toBe(0.25);
    expect(toKilograms(1500, 'MG')).toBe(0.0015);
    expect(toKilograms(0.3, 'KG')).toBe(0.3);
  });

  it('parses unit texts', () => {
    expect(parseConversionUnit(' mm ')).toBe('MM');
    expect(parseConversionUnit('[kg]')).toBe('KG');
    expect(parseConversionUnit('Gramm')).toBe('G');
    expect(parseConversionUnit('Meter')).toBe('M');
    expect(parseConversionUnit('Stk')).toBeUndefined();
    expect(parseConversionUnit(undefined)).toBeUndefined();
  });
});
