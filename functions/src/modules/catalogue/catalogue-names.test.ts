import { describe, expect, it } from 'vitest';
import { searchTerm } from '../../data/search-tokens.js';
import { fieldValueSearchTokens } from './catalogue-names.js';

/** What GET /<kind>/filter finds a field value by (issue 32, point 7): the stored tokens and the input's term. */
describe('field-value search tokens', () => {
  const phoenix = fieldValueSearchTokens({
    displayName: 'Phoenix Contact',
    abbreviation: 'PXC',
    nameVariants: ['Phönix', 'Phoenix Contact GmbH & Co. KG'],
  });
  const finds = (input: string) => phoenix.includes(searchTerm(input)!);

  it('the display name, the abbreviation and every variant, by word prefix, case and accents folded', () => {
    for (const input of ['PXC', 'pxc', 'Phoenix', 'phoe', 'Contact', 'phoenix contact', 'PHOENIX CONTACT GMBH', 'gmbh'])
      expect(finds(input), input).toBe(true);
    for (const input of ['Phönix', 'phonix', 'phoenix', 'Phoenix-Contact', 'phoenix_contact'])
      expect(finds(input), input).toBe(true);
  });

  it('each name also as one word, and nothing from the middle of a word', () => {
    expect(finds('PhoenixContact')).toBe(true);
    expect(finds('phoenixcontactgmbh')).toBe(true);
    for (const input of ['hoenix', 'ontact', 'XC', 'Siemens']) expect(finds(input), input).toBe(false);
  });

  it('items without abbreviation or variants: the display name only', () => {
    const unit = fieldValueSearchTokens({ displayName: 'Stück', nameVariants: [] });
    expect(unit).toEqual(expect.arrayContaining(['s', 'st', 'stu', 'stuck', 'stue', 'stueck']));
    expect(unit).not.toContain('pxc');
  });
});
