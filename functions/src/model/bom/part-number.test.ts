import { describe, expect, it } from 'vitest';
import { int, pick, seededRandom } from '../../bom/fixtures/seeded-random.js';
import { buildManufacturerPrefixIndex, normalisePartNumber, normalisePartNumberKey } from './part-number.js';

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SEPS = [' ', '-', '.', '/', '  ', ' - ', '_', '\u2013'];

function randomPart(rnd: () => number): string {
  return Array.from({ length: int(rnd, 1, 16) }, () => CHARS[int(rnd, 0, CHARS.length - 1)]).join('');
}

function sprinkle(rnd: () => number, s: string): string {
  let out = '';
  for (const ch of s) {
    if (rnd() < 0.3) out += pick(rnd, SEPS);
    out += rnd() < 0.5 ? ch.toLowerCase() : ch.toUpperCase();
  }
  return out + (rnd() < 0.3 ? pick(rnd, SEPS) : '');
}

describe('normalisePartNumberKey (property-style, seeded)', () => {
  it('is idempotent and insensitive to inserted spaces, dashes, dots, slashes and case', () => {
    const rnd = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const base = randomPart(rnd);
      const key = normalisePartNumberKey(base);
      expect(normalisePartNumberKey(key)).toBe(key);
      expect(normalisePartNumberKey(sprinkle(rnd, base))).toBe(key);
      expect(key).toMatch(/^[A-Z0-9]+$/);
    }
  });

  it('examples', () => {
    expect(normalisePartNumberKey(' 3RT2015-1BB41 ')).toBe('3RT20151BB41');
    expect(normalisePartNumberKey('6es7 214-1ag40/0xb0')).toBe('6ES72141AG400XB0');
    expect(normalisePartNumberKey('000123')).toBe('000123');
  });
});

describe('normalisePartNumber with manufacturer prefixes', () => {
  const index = buildManufacturerPrefixIndex([
    { manufacturerId: 'sie', names: ['Siemens', 'SIE'] },
    { manufacturerId: 'pxc', names: ['Phoenix Contact', 'PXC'] },
    { manufacturerId: 'abb', names: ['ABB'] },
  ]);

  it('strips a known prefix followed by a separator and names the manufacturer', () => {
    expect(normalisePartNumber('SIE 3RT2015-1BB41', index)).toEqual({
      key: '3RT20151BB41',
      fullKey: 'SIE3RT20151BB41',
      prefixManufacturerId: 'sie',
    });
    expect(normalisePartNumber('PXC.3209510', index)).toMatchObject({ key: '3209510', prefixManufacturerId: 'pxc' });
    expect(normalisePartNumber('Phoenix Contact 3209510', index)).toMatchObject({
      key: '3209510',
      prefixManufacturerId: 'pxc',
    });
    expect(normalisePartNumber('siemens: 3RT2015', index)).toMatchObject({
      key: '3RT2015',
      prefixManufacturerId: 'sie',
    });
  });

  it('leaves unknown prefixes, glued prefixes and digit-free remainders alone', () => {
    expect(normalisePartNumber('XYZ 3RT2015', index)).toEqual({ key: 'XYZ3RT2015', fullKey: 'XYZ3RT2015' });
    expect(normalisePartNumber('ABB1SAM250000R1001', index).key).toBe('ABB1SAM250000R1001');
    expect(normalisePartNumber('ABB EXTRA', index).key).toBe('ABBEXTRA');
    expect(normalisePartNumber('3RT2015-1BB41', index).key).toBe('3RT20151BB41');
  });

  it('is idempotent on its own output (seeded)', () => {
    const rnd = seededRandom(11);
    for (let i = 0; i < 500; i++) {
      const raw = `${pick(rnd, ['SIE ', 'PXC.', 'ABB ', 'XYZ ', ''])}${sprinkle(rnd, randomPart(rnd))}`;
      const once = normalisePartNumber(raw, index).key;
      expect(normalisePartNumber(once, index).key).toBe(once);
    }
  });
});
