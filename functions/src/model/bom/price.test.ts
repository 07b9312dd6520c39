import { describe, expect, it } from 'vitest';
import { int, seededRandom } from '../../bom/fixtures/seeded-random.js';
import { estimatePrice, formatEur, linePrice, roundTo2, successRate } from './price.js';

const eur = (s: string): string => s.replace(/\u00A0/g, ' ');

describe('linePrice', () => {
  it('follows the spec formula with defaults', () => {
    expect(linePrice({ listPrice: 100, priceUnitSize: 10, quantity: 3, discountPercent: 20 })).toBe(24);
    expect(linePrice({ listPrice: 12.5 })).toBe(12.5);
    expect(linePrice({ listPrice: null, quantity: 5 })).toBe(0);
    expect(linePrice({ listPrice: 10, priceUnitSize: 0, quantity: 2 })).toBe(20);
    expect(linePrice({ listPrice: 1.005, quantity: 1 })).toBe(1.01);
    expect(linePrice({ listPrice: 9.99, quantity: 3, discountPercent: 33.3 })).toBe(19.99);
  });

  it('roundTo2 rounds half away from zero without float artefacts', () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(2.675)).toBe(2.68);
    expect(roundTo2(-1.005)).toBe(-1.01);
    expect(roundTo2(1e-9)).toBe(0);
    expect(roundTo2(123456.785)).toBe(123456.79);
  });
});

describe('estimatePrice (property-style, seeded)', () => {
  it('range is 102 %–130 % of the sum of rounded line prices; supplied parts ignored', () => {
    const rnd = seededRandom(3);
    for (let run = 0; run < 300; run++) {
      const lines = Array.from({ length: int(rnd, 0, 40) }, () => ({
        listPrice: rnd() < 0.1 ? undefined : Math.round(rnd() * 100000) / 100,
        priceUnitSize: rnd() < 0.5 ? undefined : int(rnd, 1, 100),
        quantity: rnd() < 0.2 ? undefined : int(rnd, 1, 50) / (rnd() < 0.2 ? 2 : 1),
        discountPercent: rnd() < 0.3 ? undefined : int(rnd, 0, 60),
        isSuppliedPart: rnd() < 0.2,
      }));
      const e = estimatePrice(lines);
      const expected =
        lines.filter((l) => !l.isSuppliedPart).reduce((s, l) => s + Math.round(linePrice(l) * 100), 0) / 100;
      expect(e.total).toBeCloseTo(expected, 9);
      expect(e.min).toBe(roundTo2(e.total * 1.02));
      expect(e.max).toBe(roundTo2(e.total * 1.3));
      expect(e.min).toBeLessThanOrEqual(e.max);
      expect(e.total).toBeGreaterThanOrEqual(0);
      for (const v of [e.total, e.min, e.max]) expect(Math.round(v * 100) / 100).toBe(v);
      const withoutSupplied = estimatePrice(lines.filter((l) => !l.isSuppliedPart));
      expect(withoutSupplied.total).toBe(e.total);
    }
  });

  it('formats German EUR', () => {
    expect(eur(formatEur(1234.56))).toBe('1.234,56 €');
    const e = estimatePrice([
      { listPrice: 1000, quantity: 1 },
      { listPrice: 999, isSuppliedPart: true },
    ]);
    expect(e).toMatchObject({ total: 1000, min: 1020, max: 1300 });
    expect(eur(e.formatted)).toBe('1.020,00 € – 1.300,00 €');
  });
});

describe('successRate', () => {
  it('is the share of lines without bomError in percent with 2 decimals', () => {
    expect(successRate([])).toBe(0);
    expect(successRate([{}, { bomError: 'X' }, {}])).toBe(66.67);
    expect(successRate([{}, {}])).toBe(100);
  });
});
