import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps an in-portal path with its query and hash', () => {
    expect(safeReturnPath('/offer/o-7')).toBe('/offer/o-7');
    expect(safeReturnPath('/enquiry?tab=docs#files')).toBe('/enquiry?tab=docs#files');
    expect(safeReturnPath('/job/a%2Fb')).toBe('/job/a%2Fb');
  });

  it('refuses other origins, schemes and tricks', () => {
    for (const value of [
      '//evil.example/offer/1',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/offer/1',
      'javascript:alert(1)',
      'offer/1',
      '/offer/1\n',
      '',
      null,
      undefined,
    ])
      expect(safeReturnPath(value), String(value)).toBeUndefined();
  });

  it('never leads back to /login (no loop)', () => {
    expect(safeReturnPath('/login')).toBeUndefined();
    expect(safeReturnPath('/login?next=%2Foffer%2F1')).toBeUndefined();
  });
});
