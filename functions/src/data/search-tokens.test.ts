import { describe, expect, it } from 'vitest';
import { containsTokens, MAX_TOKEN_LENGTH, MAX_TOKENS, searchTerm, searchTokens, sortKey } from './search-tokens.js';

const finds = (input: string, ...values: string[]) => searchTokens(...values).includes(searchTerm(input)!);

describe('search tokens (word-prefix search on Firestore)', () => {
  it('finds a value by the beginning of any word or run of words, not by the middle of a word', () => {
    expect(finds('kel', 'Anna Keller')).toBe(true);
    expect(finds('anna kel', 'Anna Keller')).toBe(true);
    expect(finds('maschinenbau g', 'Müller Maschinenbau GmbH')).toBe(true);
    expect(finds('eller', 'Anna Keller')).toBe(false);
    expect(finds('keller anna', 'Anna Keller')).toBe(false);
  });

  it('ignores case, accents and punctuation; umlauts match both spellings; ß is ss', () => {
    for (const input of ['müller', 'MULLER', 'mueller', 'Mül'])
      expect(finds(input, 'Müller Maschinenbau GmbH'), input).toBe(true);
    expect(finds('strasse', 'Hafenstraße')).toBe(false); // not a word start
    expect(finds('hafenstrasse', 'Hafenstraße')).toBe(true);
    expect(finds('kunde.admin@mue', 'kunde.admin@mueller-maschinenbau.de')).toBe(true);
    expect(finds('weber-schalt', 'lieferant@weber-schaltanlagen.de')).toBe(true);
    expect(finds('K-100', 'K-10001')).toBe(true);
  });

  it('cuts long inputs at MAX_TOKEN_LENGTH and ignores inputs without letters or digits', () => {
    const long = 'Elektro Schaltanlagen Weber GmbH';
    expect(searchTerm(long)).toHaveLength(MAX_TOKEN_LENGTH);
    expect(finds(long, long)).toBe(true);
    expect(searchTerm('  ')).toBeUndefined();
    expect(searchTerm('--')).toBeUndefined();
    expect(searchTerm(undefined)).toBeUndefined();
    expect(searchTokens(undefined, '', null)).toEqual([]);
  });

  it('stores a bounded number of tokens per record', () => {
    const tokens = searchTokens(
      'Petra',
      'Müller',
      'Petra Müller',
      'Müller Petra',
      'kunde.admin@mueller-maschinenbau.de',
      'Müller Maschinenbau GmbH',
    );
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.length).toBeLessThan(400);
    expect(Math.max(...tokens.map((t) => t.length))).toBeLessThanOrEqual(MAX_TOKEN_LENGTH);
  });
});

describe('contains tokens (titles and numbers, issue 32 point 6)', () => {
  const within = (input: string, ...values: string[]) => containsTokens(...values).includes(searchTerm(input)!);

  it('finds fragments of 3 or more characters inside a word, and everything a word-prefix search finds', () => {
    expect(within('345', 'SR-12345')).toBe(true);
    expect(within('schrank', 'Steuerschrank Halle 3')).toBe(true);
    expect(within('SCHRANK h', 'Steuerschrank Halle 3')).toBe(false); // inside one word into the next: not stored
    expect(within('steuerschrank h', 'Steuerschrank Halle 3')).toBe(true);
    expect(within('45', 'SR-12345')).toBe(false);
    expect(within('sr', 'SR-12345')).toBe(true);
    for (const input of ['üller', 'uller', 'ueller']) expect(within(input, 'Fa. Müller'), input).toBe(true);
    expect(within('strasse', 'Hafenstraße')).toBe(true);
    for (const input of ['kel', 'anna kel', 'maschinenbau g'])
      expect(within(input, 'Anna Keller', 'Müller Maschinenbau GmbH'), input).toBe(true);
  });

  it('bounds a long value at MAX_TOKENS, keeping every word-prefix token first', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Feld${i}schrankabteilung`).join(' ');
    const tokens = containsTokens(long);
    expect(tokens.length).toBe(MAX_TOKENS);
    const prefixes = searchTokens(long);
    expect(prefixes.length).toBeLessThan(MAX_TOKENS);
    for (const token of prefixes) expect(tokens).toContain(token);
    expect(containsTokens('Steuerschrank Linie 4').length).toBeLessThan(150);
  });
});

describe('sort keys', () => {
  it('order text as a German reader expects: case-insensitive, umlauts as their base letter', () => {
    const names = ['Zoe', 'adler', 'Becker', 'Bäcker', 'Öztürk', 'Otto', 'Groß', 'Grosz'];
    expect([...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))).toEqual([
      'adler',
      'Bäcker',
      'Becker',
      'Groß',
      'Grosz',
      'Otto',
      'Öztürk',
      'Zoe',
    ]);
  });
});
