import { describe, expect, it } from 'vitest';
import { matchedName } from './matched-name';

describe('matchedName: the name a field value was found by, shown under its display name', () => {
  const phoenix = { displayName: 'Phoenix Contact', abbreviation: 'PXC', nameVariants: ['Phönix', 'PC GmbH'] };
  it('the abbreviation or a variant whose word starts with the input; nothing when the display name matches', () => {
    expect(matchedName(phoenix, 'pxc')).toBe('PXC');
    expect(matchedName(phoenix, 'phon')).toBe('Phönix');
    expect(matchedName(phoenix, 'gmbh')).toBe('PC GmbH');
    expect(matchedName(phoenix, 'Phoenix')).toBeUndefined();
    expect(matchedName(phoenix, 'contact')).toBeUndefined();
    expect(matchedName(phoenix, '')).toBeUndefined();
    expect(matchedName(phoenix, 'xyz')).toBeUndefined();
  });
});
